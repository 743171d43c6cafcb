import type { Invitation, InvitationConfirm, JoinRequest } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin } from '@/testing/fixtures';
import { errorResponse, jsonResponse, type Route, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signedInForEachTest } from '@/testing/session';
import { InvitationConfirmScreen } from './components/invitation-confirm';
import { InviteByEmail } from './components/invite-dialog';
import { InvitePeoplePanel } from './components/invite-people-panel';
import { JoinOrganisationScreen } from './components/join-organisation';
import { JoinRequests, OrganisationRequests } from './components/organisation-requests';

const invitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  id: 3,
  email: 'donor@example.org',
  target_type: 'business',
  target_id: 5,
  target_name: 'Acme Ltd',
  admin_type: 99,
  status: 'pending',
  invited_by_name: 'Bailey Business',
  expires_at: '2030-01-15T00:00:00.000Z',
  created_at: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

const joinRequest = (overrides: Partial<JoinRequest> = {}): JoinRequest => ({
  id: 11,
  user_id: 8,
  first_name: 'Aisha',
  last_name: 'Khan',
  email: 'aisha@example.org',
  target_type: 'business',
  target_id: 5,
  target_name: 'Acme Ltd',
  message: 'Leeds office',
  status: 1,
  requested_at: '2030-01-02T00:00:00.000Z',
  ...overrides,
});

const bodyOf = (mock: ReturnType<typeof stubFetch>, method: string, path: string) => {
  const call = mock.mock.calls.find(
    (c) =>
      new URL(String(c[0]), 'http://x').pathname === path &&
      (c[1] as RequestInit | undefined)?.method === method,
  );
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

const confirmAnswer = (overrides: Partial<InvitationConfirm> = {}): InvitationConfirm => ({
  invitation: invitation(),
  accepted: false,
  signed_in_as_invited: false,
  has_account: false,
  ...overrides,
});

const signIn = () => session.signIn(makeLogin(Date.now() + 60 * MINUTE));

describe('the invitation confirmation screen', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();

  /** The screen of the invitation's code, the API answering the code with `answer` (beside `routes`). */
  const render = (answer: Route, routes: Record<string, Route> = {}) => {
    stubFetch({ 'GET /api/invitation/confirm/abcdefghijkl': answer, ...routes });
    return renderRoutes(
      [{ path: '/invitation/:code', element: <InvitationConfirmScreen /> }],
      '/invitation/abcdefghijkl',
    );
  };

  it('tells a visitor what it is for and offers to create an account', async () => {
    render(() => jsonResponse(confirmAnswer()));
    expect(await screen.findByRole('heading', { name: 'Join Acme Ltd' })).toBeInTheDocument();
    expect(screen.getByText(/Bailey Business invited/)).toBeInTheDocument();
    const register = screen.getByRole('link', { name: 'Create an account' });
    expect(register).toHaveAttribute('href', '/register?next=%2Finvitation%2Fabcdefghijkl');
    expect(screen.getByRole('link', { name: 'I have an account' })).toBeInTheDocument();
  });

  it('accepts it for the invited person signed in', async () => {
    signIn();
    render(
      () =>
        jsonResponse(
          confirmAnswer({
            invitation: invitation({ status: 'accepted' }),
            accepted: true,
            signed_in_as_invited: true,
            has_account: true,
          }),
        ),
      { 'GET /api/user/get': () => jsonResponse(makeLogin(Date.now() + 60 * MINUTE)) },
    );
    expect(await screen.findByText('Invitation accepted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the organisation' })).toBeInTheDocument();
  });

  it('says when someone else is signed in, when it expired, and when the code is unknown', async () => {
    signIn();
    const { unmount } = render(() =>
      jsonResponse(
        confirmAnswer({ invitation: invitation({ email: 'other@example.org' }), has_account: true }),
      ),
    );
    expect(await screen.findByText('Signed in with another address')).toBeInTheDocument();
    unmount();
    session.clearSession();
    const second = render(() =>
      jsonResponse(confirmAnswer({ invitation: invitation({ status: 'expired' }) })),
    );
    expect(await screen.findByText('Invitation expired')).toBeInTheDocument();
    second.unmount();
    render(() => errorResponse(404, 'NOT_FOUND', 'The invitation was not found.'));
    expect(await screen.findByText('Invitation not found')).toBeInTheDocument();
  });
});

describe('inviting by email', { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('sends the email and role, and shows a refusal beside the field', async () => {
    let calls = 0;
    const mock = stubFetch({
      'POST /api/invitation/create': () => {
        calls += 1;
        return calls === 1
          ? errorResponse(409, 'ALREADY_INVITED', 'This email already has a pending invitation.', {
              fields: { email: 'Already invited.' },
            })
          : jsonResponse(invitation({ email: 'new@example.org' }), 201);
      },
    });
    renderRoutes([
      {
        path: '/',
        element: (
          <InviteByEmail
            targetType="business"
            targetId={5}
            targetName="Acme Ltd"
            roles={[
              { value: 99, label: 'Employee' },
              { value: 2, label: 'Admin' },
            ]}
          />
        ),
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Invite by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone to Acme Ltd' });
    await userEvent.type(within(dialog).getByLabelText(/Email address/), 'not an email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(calls).toBe(0);
    await userEvent.clear(within(dialog).getByLabelText(/Email address/));
    await userEvent.type(within(dialog).getByLabelText(/Email address/), 'new@example.org');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Already invited.')).toBeInTheDocument();
    expect(bodyOf(mock, 'POST', '/api/invitation/create')).toEqual({
      email: 'new@example.org',
      target_type: 'business',
      target_id: 5,
      admin_type: 2,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('joining an organisation', { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('finds an organisation as one types and asks to join; withdraws a request after asking', async () => {
    const mock = stubFetch({
      'GET /api/business/autocomplete': () =>
        jsonResponse({ items: [{ id: 5, name: 'Acme Ltd', logo: null }] }),
      'POST /api/join': () => jsonResponse(joinRequest(), 201),
      'GET /api/user/requests/7': () =>
        jsonResponse({
          join_requests: [joinRequest({ id: 12, target_name: 'Globex' })],
          group_requests: [
            {
              id: 4,
              group_id: 9,
              group_name: 'Bristol Giving Circle',
              logo: null,
              status: 1,
              requested_at: '2030-01-03T00:00:00.000Z',
            },
          ],
          invitations: [invitation()],
        }),
      'PATCH /api/join/remove': () => jsonResponse({ message: 'Request withdrawn' }),
      'PATCH /api/membership': () => jsonResponse(invitation({ status: 'accepted' })),
      'GET /api/user/get': () => jsonResponse(makeLogin(Date.now() + 60 * MINUTE)),
    });
    renderRoutes([{ path: '/', element: <JoinOrganisationScreen /> }]);
    await userEvent.type(screen.getByLabelText('Organisation name'), 'Acm');
    await userEvent.click(await screen.findByRole('button', { name: 'Ask to join Acme Ltd' }));
    await waitFor(() =>
      expect(bodyOf(mock, 'POST', '/api/join')).toEqual({ target_type: 'business', target_id: 5 }),
    );

    // A request to a group shows beside it, answered by the group's admins (no withdrawing).
    const requests = await screen.findByRole('table', { name: 'Your requests to join' });
    const groupRow = within(requests).getByRole('row', { name: /Bristol Giving Circle/ });
    expect(within(groupRow).getByText('Group')).toBeInTheDocument();
    expect(within(groupRow).queryByRole('button')).not.toBeInTheDocument();
    expect(within(requests).getByRole('row', { name: /Globex/ }).textContent).toContain('Organisation');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Withdraw your request to join Globex' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your request to join Globex?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() => expect(bodyOf(mock, 'PATCH', '/api/join/remove')).toEqual({ request_id: 12 }));

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(bodyOf(mock, 'PATCH', '/api/membership')).toEqual({ invitation_id: 3, action: 'accept' }),
    );
  });

  it('lets organisation admins accept a request', async () => {
    const mock = stubFetch({
      'GET /api/business/requests/5': () =>
        jsonResponse({ items: [joinRequest()], next_cursor: null, prev_cursor: null }),
      'GET /api/invitation/pending/business/5': () =>
        jsonResponse({ items: [invitation({ email: 'wait@example.org' })] }),
      'PATCH /api/join': () => jsonResponse(joinRequest({ status: 2 })),
    });
    renderRoutes([{ path: '/', element: <OrganisationRequests businessId={5} businessName="Acme Ltd" /> }]);
    expect(await screen.findByText('wait@example.org')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Aisha Khan' }));
    await waitFor(() =>
      expect(bodyOf(mock, 'PATCH', '/api/join')).toEqual({ request_id: 11, action: 'accept' }),
    );
  });

  it("lets those who manage a charity's members decline a request after confirming", async () => {
    const mock = stubFetch({
      'GET /api/charity/requests/6': () =>
        jsonResponse({
          items: [joinRequest({ target_type: 'charity', target_id: 6, target_name: 'River Trust' })],
          next_cursor: null,
          prev_cursor: null,
        }),
      'PATCH /api/join': () => jsonResponse(joinRequest({ target_type: 'charity', target_id: 6, status: 3 })),
    });
    renderRoutes([
      { path: '/', element: <JoinRequests targetType="charity" targetId={6} targetName="River Trust" /> },
    ]);
    expect(
      await screen.findByText('People who asked to join River Trust. Accepted people join as Employees.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Leeds office')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Aisha Khan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Aisha Khan?' });
    expect(bodyOf(mock, 'PATCH', '/api/join')).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() =>
      expect(bodyOf(mock, 'PATCH', '/api/join')).toEqual({ request_id: 11, action: 'decline' }),
    );
  });

  it("shows a group's waiting invitations without a role", async () => {
    stubFetch({
      'GET /api/invitation/pending/group/9': () =>
        jsonResponse({
          items: [
            invitation({ email: 'friend@example.org', target_type: 'group', target_id: 9, admin_type: null }),
          ],
        }),
    });
    renderRoutes([
      {
        path: '/',
        element: <InvitePeoplePanel targetType="group" targetId={9} targetName="Bristol Giving Circle" />,
      },
    ]);
    expect(await screen.findByText('friend@example.org')).toBeInTheDocument();
    expect(screen.queryByText('Role')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Invite by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone to Bristol Giving Circle' });
    expect(within(dialog).queryByLabelText('Role')).not.toBeInTheDocument();
  });
});
