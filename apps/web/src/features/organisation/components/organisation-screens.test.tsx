import type { BusinessMember, BusinessPendingDonation } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { donationFixture, pageFixture } from '@/testing/fixtures';
import { errorResponse, jsonResponse, type Route, stubFetch } from '@/testing/http';
import { acme, bodyOf, businessMemberFixture, signInToAcme } from '@/testing/organisation';
import { confirmWithReason, expectReasonAsked } from '@/testing/reason-dialog';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest } from '@/testing/session';
import { OrganisationLayout } from './organisation-layout';
import { OrganisationMembersSection } from './organisation-members';
import { OrganisationProfileSection } from './organisation-profile';
import { SignoffSection } from './signoff-section';

const member = (id: number, first: string, adminType: number, signoff = false): BusinessMember =>
  businessMemberFixture(id, first, { admin_type: adminType, is_signoff_admin: signoff });

const MEMBERS = [member(7, 'Dana', 1), member(8, 'Sam', 2, true), member(9, 'Eve', 99)];

function renderArea(path: string) {
  return renderRoutes(
    [
      {
        path: '/organisation',
        element: <OrganisationLayout />,
        children: [
          { index: true, element: <OrganisationProfileSection /> },
          { path: 'members', element: <OrganisationMembersSection /> },
          { path: 'sign-off', element: <SignoffSection /> },
        ],
      },
      { path: '/', element: <p>Home</p> },
    ],
    path,
  );
}

/** Opens Acme Ltd's sign-off as its Super Admin, with no donation waiting and the API routes given. */
function openSignoff(routes: Record<string, Route> = {}) {
  signInToAcme(1);
  const mock = stubFetch({
    'GET /api/business/5': () => jsonResponse(acme),
    'GET /api/business/5/donations': () => jsonResponse(pageFixture([])),
    ...routes,
  });
  renderArea('/organisation/sign-off');
  return mock;
}

describe('the organisation area', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();

  it('wears the organisation’s colours, or a franchise’s, whichever account is active', async () => {
    signInToAcme(1);
    session.setActiveAccount({ type: 'individual' });
    stubFetch({ 'GET /api/business/5': () => jsonResponse({ ...acme, is_franchise: true }) });
    const view = renderArea('/organisation');
    await screen.findByRole('heading', { level: 1, name: 'Acme Ltd' });
    const area = view.container.querySelector<HTMLElement>('.account-area');
    await waitFor(() => expect(area?.dataset.accountKind).toBe('franchise'));
    expect(area?.style.getPropertyValue('--blue')).toBe('#3B2B45');
  });

  it('saves the profile; deleting asks first and says why the API refused', async () => {
    signInToAcme(1);
    const mock = stubFetch({
      'GET /api/business/5': () => jsonResponse(acme),
      'PATCH /api/business/5': () => jsonResponse({ ...acme, description: 'We make widgets.' }),
      'DELETE /api/business/5': () =>
        errorResponse(409, 'BUSINESS_HAS_FUNDS', 'The organisation still holds money.'),
    });
    renderArea('/organisation');
    const about = await screen.findByLabelText(/About the organisation/);
    await userEvent.type(about, 'We make widgets.');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/business/5')).toEqual({
        name: 'Acme Ltd',
        registration_number: null,
        description: 'We make widgets.',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme Ltd?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete organisation' }));
    expect(await screen.findByText('The organisation still holds money.')).toBeInTheDocument();
  });

  it('lists members with roles; a Super Admin changes a role and makes a sign-off admin', async () => {
    signInToAcme(1);
    const mock = stubFetch({
      'GET /api/business/5': () => jsonResponse(acme),
      'GET /api/business/5/members': () => jsonResponse({ items: MEMBERS }),
      'POST /api/membership/business/5/set': () => jsonResponse({ message: 'Member updated' }),
      'POST /api/membership/signoff/5': () => jsonResponse({ message: 'Sign-off admin added' }),
    });
    renderArea('/organisation/members');
    const role = await screen.findByLabelText('Role of Eve Smith');
    // The only Super Admin cannot be demoted nor removed: the screen says so.
    expect(screen.getByLabelText('Role of Dana Smith')).toBeDisabled();
    expect(
      screen.getByText('The only Super Admin: make another member Super Admin first.'),
    ).toBeInTheDocument();
    await userEvent.selectOptions(role, '2');
    await waitFor(() =>
      expect(bodyOf(mock, '/api/membership/business/5/set')).toEqual({ user_id: 9, admin_type: 2 }),
    );
    await userEvent.click(screen.getByLabelText('Eve Smith signs off donations'));
    await waitFor(() => expect(bodyOf(mock, '/api/membership/signoff/5')).toEqual({ user_id: 9 }));
  });

  it('removes a member after asking, and says why when the API refuses', async () => {
    signInToAcme(1);
    const mock = stubFetch({
      'GET /api/business/5': () => jsonResponse(acme),
      'GET /api/business/5/members': () => jsonResponse({ items: MEMBERS }),
      'POST /api/membership/business/5/delete': () =>
        errorResponse(409, 'LAST_SUPER_ADMIN', 'The last Super Admin of an organisation cannot be removed.'),
    });
    renderArea('/organisation/members');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Sam Smith' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Smith?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(
      await screen.findByText('The last Super Admin of an organisation cannot be removed.'),
    ).toBeInTheDocument();
    expect(bodyOf(mock, '/api/membership/business/5/delete')).toEqual({ user_id: 8 });
  });

  it('lets an Employee see members without changing them', async () => {
    signInToAcme(99);
    stubFetch({
      'GET /api/business/5': () => jsonResponse(acme),
      // The signed-in person (id 7) is the Employee here.
      'GET /api/business/5/members': () =>
        jsonResponse({ items: [member(1, 'Ann', 1), member(8, 'Sam', 2, true), member(7, 'Eve', 99)] }),
    });
    renderArea('/organisation/members');
    expect(await screen.findByText('Eve Smith')).toBeInTheDocument();
    expect(screen.queryByLabelText('Role of Eve Smith')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Sam Smith' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the organisation' })).toBeInTheDocument();
  });

  it('saves a sign-off policy with more approvals for large donations', async () => {
    const mock = openSignoff({
      'PUT /api/business/5/signoff-policy': () =>
        jsonResponse({ approvals_required: 2, threshold_amount: 500_000, approvals_above_threshold: 3 }),
    });
    const approvals = await screen.findByLabelText(/Approvals every donation needs/);
    await userEvent.clear(approvals);
    await userEvent.type(approvals, '2');
    await userEvent.click(screen.getByLabelText('Ask for more approvals for large donations'));
    await userEvent.type(screen.getByLabelText(/Large means at least/), '5000');
    const above = screen.getByLabelText(/Approvals a large donation needs/);
    await userEvent.clear(above);
    await userEvent.type(above, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/business/5/signoff-policy')).toEqual({
        approvals_required: 2,
        threshold_amount: 500_000,
        approvals_above_threshold: 3,
      }),
    );
    expect(await screen.findByText('No donation is waiting for sign-off.')).toBeInTheDocument();
  });

  it('says beside the field when the sign-off admins could never satisfy the policy', async () => {
    const message =
      'At most 1 with 2 sign-off admins: the person who asks never counts. Make more members sign-off admins first, or ask for fewer.';
    openSignoff({
      'PUT /api/business/5/signoff-policy': () =>
        errorResponse(409, 'SIGNOFF_POLICY_UNSATISFIABLE', `Its sign-off admins could never… ${message}`, {
          fields: { approvals_above_threshold: message },
        }),
    });
    await userEvent.click(await screen.findByLabelText('Ask for more approvals for large donations'));
    await userEvent.type(screen.getByLabelText(/Large means at least/), '10000');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    const above = screen.getByLabelText(/Approvals a large donation needs/);
    await waitFor(() => expect(above).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('tells a Super Admin how many approvals the sign-off admins can give, and when the saved policy asks too much', async () => {
    openSignoff({
      'GET /api/business/5': () =>
        jsonResponse({
          ...acme,
          signoff_policy: {
            approvals_required: 1,
            threshold_amount: 1_000_000,
            approvals_above_threshold: 2,
          },
        }),
      'GET /api/business/5/members': () =>
        jsonResponse({ items: [member(7, 'Dana', 1, true), member(8, 'Sam', 2, true)] }),
    });
    expect((await screen.findByTestId('signoff-capacity')).textContent).toBe(
      'Acme Ltd has 2 sign-off admins: a donation can need at most 1 approval.',
    );
    expect(screen.getByText('Some donations can never be approved')).toBeInTheDocument();
  });

  it('refuses a half-set threshold beside the field, sending nothing', async () => {
    const mock = openSignoff();
    await userEvent.click(await screen.findByLabelText('Ask for more approvals for large donations'));
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    const threshold = screen.getByLabelText(/Large means at least/);
    await waitFor(() => expect(threshold).toHaveAttribute('aria-invalid', 'true'));
    expect(bodyOf(mock, '/api/business/5/signoff-policy')).toBeUndefined();
  });

  describe('the approval inbox', () => {
    const waiting = (id: number, requester: { id: number; name: string }, canApprove: boolean) =>
      ({
        ...donationFixture({
          id,
          status: 20,
          status_label: 'Awaiting Organisation Approval',
          amount: 30_000,
        }),
        donor: { kind: 'business', id: 5, name: 'Acme Ltd' },
        signoff: {
          needed: 2,
          approvals: [],
          requested_by: requester,
          can_approve: canApprove,
          stuck: false,
          can_resolve: false,
        },
      }) satisfies BusinessPendingDonation;

    function stub(extra: Record<string, Route> = {}) {
      return stubFetch({
        'GET /api/business/5': () => jsonResponse(acme),
        'GET /api/business/5/donations': () =>
          jsonResponse({
            items: [
              waiting(11, { id: 9, name: 'Eve Smith' }, true),
              waiting(12, { id: 7, name: 'Dana Donor' }, false),
            ],
            next_cursor: null,
            prev_cursor: null,
          }),
        'POST /api/business/5/approve_donations': () =>
          jsonResponse({ donations: [donationFixture({ id: 11, status: 20 })] }),
        ...extra,
      });
    }

    it('approves every donation the sign-off admin may approve, in one call', async () => {
      signInToAcme(2, true);
      const mock = stub();
      renderArea('/organisation/sign-off');
      expect(
        await screen.findByText('You asked for this one: another sign-off admin approves it.'),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByLabelText('Choose all I can approve'));
      await userEvent.click(screen.getByRole('button', { name: 'Approve selected (1)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Approve 1 gift totalling ₹300?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
      await waitFor(() =>
        expect(bodyOf(mock, '/api/business/5/approve_donations')).toEqual({
          donation_ids: [11],
          action: 'approve',
        }),
      );
      expect(await screen.findByText('Signed off')).toBeInTheDocument();
    });

    it('ticks two, unticks one, then asks before approving, naming the count and the total', async () => {
      signInToAcme(2, true);
      const mock = stubFetch({
        'GET /api/business/5': () => jsonResponse(acme),
        'GET /api/business/5/donations': () =>
          jsonResponse({
            items: [
              waiting(11, { id: 9, name: 'Eve Smith' }, true),
              { ...waiting(13, { id: 9, name: 'Eve Smith' }, true), amount: 95_000 },
              waiting(14, { id: 9, name: 'Eve Smith' }, true),
            ],
            next_cursor: null,
            prev_cursor: null,
          }),
        'POST /api/business/5/approve_donations': () =>
          jsonResponse({ donations: [donationFixture({ id: 11, status: 80 })] }),
      });
      renderArea('/organisation/sign-off');
      // Nothing chosen: both actions are disabled and wear Mantine's disabled grey, not red.
      const reject = await screen.findByRole('button', { name: 'Reject selected' });
      expect(reject).toBeDisabled();
      expect(reject.style.color).toBe('');
      const tick = async (id: number) =>
        userEvent.click(within(await screen.findByTestId(`waiting-donation-${id}`)).getByRole('checkbox'));
      await tick(11);
      await tick(13);
      await tick(14);
      await tick(14);
      expect(screen.getByRole('button', { name: 'Approve selected (2)' })).toBeInTheDocument();
      expect(reject.style.color).toContain('red-9');
      await userEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Approve 2 gifts totalling ₹1,250?' });
      expect(bodyOf(mock, '/api/business/5/approve_donations')).toBeUndefined();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
      await waitFor(() =>
        expect(bodyOf(mock, '/api/business/5/approve_donations')).toEqual({
          donation_ids: [11, 13],
          action: 'approve',
        }),
      );
    });

    it('rejects with a reason, which it asks for first', async () => {
      signInToAcme(2, true);
      const mock = stub();
      renderArea('/organisation/sign-off');
      const item = await screen.findByTestId('waiting-donation-12');
      await userEvent.click(within(item).getByRole('checkbox'));
      await userEvent.click(screen.getByRole('button', { name: 'Reject selected' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reject 1 gift totalling ₹300?' });
      await expectReasonAsked(dialog, 'Reject', 'Say why, in a few words.');
      await confirmWithReason(dialog, 'Reject', 'Not this year');
      await waitFor(() =>
        expect(bodyOf(mock, '/api/business/5/approve_donations')).toEqual({
          donation_ids: [12],
          action: 'reject',
          reason: 'Not this year',
        }),
      );
    });

    it('shows a Super Admin what can never be approved: approve it with a reason, or release it', async () => {
      signInToAcme(1);
      const stuck = (id: number, requester: { id: number; name: string }, needed = 2) => {
        const donation = waiting(id, requester, false);
        return { ...donation, signoff: { ...donation.signoff, needed, stuck: true, can_resolve: true } };
      };
      const mock = stubFetch({
        'GET /api/business/5': () => jsonResponse(acme),
        'GET /api/business/5/donations': () =>
          jsonResponse({
            // Dana Donor (id 7 in the session's fixture) is the signed-in Super Admin.
            items: [stuck(11, { id: 9, name: 'Eve Smith' }), stuck(12, { id: 7, name: 'Dana Donor' }, 1)],
            next_cursor: null,
            prev_cursor: null,
          }),
        'POST /api/business/5/donations/11/resolve': () =>
          errorResponse(409, 'BUSINESS_LOCKED', 'This organisation is locked: it cannot move money now.'),
        'POST /api/business/5/donations/12/resolve': () =>
          jsonResponse({ donations: [donationFixture({ id: 12, status: 90 })] }),
      });
      renderArea('/organisation/sign-off');
      const first = await screen.findByTestId('waiting-donation-11');
      expect(within(first).getByText('Can never be approved')).toBeInTheDocument();
      await userEvent.click(within(first).getByRole('button', { name: 'Approve as Super Admin' }));
      const dialog = await screen.findByRole('dialog', { name: 'Approve this ₹300 gift as Super Admin?' });
      await expectReasonAsked(dialog, 'Approve', 'Say why, in a few words.');
      await confirmWithReason(dialog, 'Approve', 'Agreed at the board');
      expect(
        await within(dialog).findByText('This organisation is locked: it cannot move money now.'),
      ).toBeInTheDocument();
      expect(bodyOf(mock, '/api/business/5/donations/11/resolve')).toEqual({
        action: 'approve',
        reason: 'Agreed at the board',
      });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      // How many approvals it needs, in words that fit the number.
      expect(
        within(first).getByText(/^It needs 2 approvals from sign-off admins other than/),
      ).toBeInTheDocument();
      // Their own request: they may release it, never approve it.
      const own = screen.getByTestId('waiting-donation-12');
      expect(
        within(own).getByText(/^It needs 1 approval from sign-off admins other than/),
      ).toBeInTheDocument();
      expect(within(own).queryByRole('button', { name: 'Approve as Super Admin' })).not.toBeInTheDocument();
      expect(
        within(own).getByText('You asked for it: release it, or another Super Admin approves it.'),
      ).toBeInTheDocument();
      await userEvent.click(within(own).getByRole('button', { name: 'Release the money' }));
      const release = await screen.findByRole('dialog', { name: 'Release this ₹300 gift?' });
      await confirmWithReason(release, 'Release', 'Ask again next year');
      await waitFor(() =>
        expect(bodyOf(mock, '/api/business/5/donations/12/resolve')).toEqual({
          action: 'release',
          reason: 'Ask again next year',
        }),
      );
      expect(await screen.findByText('Released')).toBeInTheDocument();
    });

    it('is not offered to a member who is neither an admin nor a sign-off admin', async () => {
      signInToAcme(99);
      stub();
      renderArea('/organisation/sign-off');
      expect(await screen.findByRole('heading', { name: 'Sign-off policy' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Waiting for sign-off' })).not.toBeInTheDocument();
      expect(
        screen.getByText('Only the organisation’s Super Admins change its sign-off policy.'),
      ).toBeInTheDocument();
    });
  });
});
