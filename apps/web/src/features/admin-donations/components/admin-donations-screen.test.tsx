import type { Donation } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectForPlatformAdminsOnly } from '@/testing/admin';
import { donationFixture } from '@/testing/fixtures';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { confirmWithReason } from '@/testing/reason-dialog';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signInAsPlatformUser } from '@/testing/session';
import { AdminDonationsScreen } from './admin-donations-screen';

const routes = [{ path: '/admin/donations', element: <AdminDonationsScreen /> }];

function donation(overrides: Partial<Donation> = {}): Donation {
  return donationFixture({
    id: 11,
    status: 40,
    status_label: 'Awaiting platform admin approval',
    amount: 6_000_000,
    gift_aid: true,
    gift_aid_amount: 1_500_000,
    message: 'For the new boat',
    project: { id: 3, title: 'River clean-up' },
    charity: { id: 1, name: 'River Trust' },
    created_at: new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString(),
    history: [
      {
        status: 40,
        status_label: 'Awaiting platform admin approval',
        at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        by: { id: 7, name: 'Dana Donor' },
        reason: 'Above the review threshold',
      },
    ],
    ...overrides,
  });
}

const held = donation();
const payout = donation({
  id: 12,
  method: 2,
  status: 80,
  status_label: 'Approved',
  amount: 250_000,
  gift_aid: false,
  gift_aid_amount: 0,
  message: null,
  project: null,
  donor: { kind: 'business', id: 4, name: 'Acme Ltd' },
});
const page = (items: Donation[], next: string | null = null, prev: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: prev });

/** The bodies of the POST calls to a path. */
function postedTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://x');
      return url.pathname === path && (init as RequestInit | undefined)?.method === 'POST';
    })
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}

describe('admin donations', { timeout: 20_000 }, () => {
  sessionClearedAfterEachTest();

  it('is for platform admins only', () => {
    expectForPlatformAdminsOnly(routes, '/admin/donations');
  });

  it('shows who gave what to whom, Gift Aid, how long it waited and its history', async () => {
    signInAsPlatformUser(true, 1);
    stubFetch({ 'GET /api/admin/complete': () => page([held, payout]) });
    renderRoutes(routes, '/admin/donations');
    const card = await screen.findByRole('article', { name: /₹60,000 from Dana Donor/ });
    expect(within(card).getByRole('link', { name: 'River clean-up' })).toHaveAttribute('href', '/projects/3');
    expect(card.textContent).toContain('Held for review');
    expect(card.textContent).toContain('Yes, +₹15,000');
    expect(card.textContent).toContain('3 days');
    expect(card.textContent).toContain('“For the new boat”');
    expect(card.textContent).toContain('Above the review threshold');
    const direct = screen.getByRole('article', { name: /₹2,500 from Acme Ltd \(organisation\)/ });
    expect(direct.textContent).toContain('Directly to River Trust');
    expect(direct.textContent).toContain('Waiting for payout');
    expect(direct.textContent).toContain('Gift AidNo');
  });

  it('completes the selected donations after confirming, sending their ids', async () => {
    signInAsPlatformUser(true, 2);
    let remaining = [held, payout, donation({ id: 13, amount: 5_500_000 })];
    const fetchMock = stubFetch({
      'GET /api/admin/complete': () => page(remaining),
      'POST /api/admin/complete': (_url, init) => {
        const ids = (JSON.parse(String(init.body)) as { donation_ids: number[] }).donation_ids;
        const done = remaining.filter((d) => ids.includes(d.id));
        remaining = remaining.filter((d) => !ids.includes(d.id));
        return jsonResponse({ donations: done.map((d) => ({ ...d, status: d.status === 40 ? 80 : 85 })) });
      },
    });
    renderRoutes(routes, '/admin/donations');
    const button = await screen.findByRole('button', { name: 'Complete selected' });
    expect(button).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('checkbox', { name: /Select donation #11/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Select donation #12/ }));
    expect(screen.getByText('2 selected, ₹62,500.')).toBeInTheDocument();
    await userEvent.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Complete 2 donations?' });
    expect(dialog.textContent).toContain('1 donation held for review is approved');
    expect(dialog.textContent).toContain('1 direct donation is recorded as paid out');
    expect(postedTo(fetchMock, '/api/admin/complete')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));

    expect(await screen.findByText('Donations completed')).toBeInTheDocument();
    expect(postedTo(fetchMock, '/api/admin/complete')).toEqual([{ donation_ids: [11, 12] }]);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByText('None selected.')).toBeInTheDocument();
  });

  it('selects every donation of the page at once, and declining the confirm sends nothing', async () => {
    signInAsPlatformUser(true, 1);
    const fetchMock = stubFetch({ 'GET /api/admin/complete': () => page([held, payout]) });
    renderRoutes(routes, '/admin/donations');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected, ₹62,500.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Complete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete 2 donations?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(postedTo(fetchMock, '/api/admin/complete')).toEqual([]);
    expect(screen.getByText('2 selected, ₹62,500.')).toBeInTheDocument();
  });

  it('rejects one donation only with a reason, saying where the money goes', async () => {
    signInAsPlatformUser(true, 1);
    let remaining = [held, payout];
    const fetchMock = stubFetch({
      'GET /api/admin/complete': () => page(remaining),
      'POST /api/admin/donation/reject': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { donation_id: number; reason: string };
        remaining = remaining.filter((d) => d.id !== body.donation_id);
        return jsonResponse({ donation: { ...held, status: 90, status_label: 'Canceled' } });
      },
    });
    renderRoutes(routes, '/admin/donations');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject donation #11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject donation #11?' });
    expect(dialog.textContent).toContain('₹60,000 from Dana Donor goes back to Dana Donor’s wallet');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject donation' }));
    const reason = within(dialog).getByLabelText(/Reason/);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Say why, in a few words.')).toBeInTheDocument();
    expect(postedTo(fetchMock, '/api/admin/donation/reject')).toEqual([]);

    await userEvent.type(reason, 'The card was reported stolen');
    expect(reason).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject donation' }));

    expect(await screen.findByText('Donation rejected')).toBeInTheDocument();
    expect(postedTo(fetchMock, '/api/admin/donation/reject')).toEqual([
      { donation_id: 11, reason: 'The card was reported stolen' },
    ]);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Reject donation #11' })).not.toBeInTheDocument();
    // The button that opened the dialog is gone: focus lands on the page heading, not on nothing.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'Donations for review' }),
      ),
    );
  });

  it('keeps the donation when the dialog is closed, with focus back on its Reject button', async () => {
    signInAsPlatformUser(true, 1);
    const fetchMock = stubFetch({ 'GET /api/admin/complete': () => page([held]) });
    renderRoutes(routes, '/admin/donations');
    const button = await screen.findByRole('button', { name: 'Reject donation #11' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Reject donation #11?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(postedTo(fetchMock, '/api/admin/donation/reject')).toEqual([]);
  });

  it('puts the server’s reason error beside the reason field', async () => {
    signInAsPlatformUser(true, 1);
    stubFetch({
      'GET /api/admin/complete': () => page([held]),
      'POST /api/admin/donation/reject': () =>
        errorResponse(400, 'VALIDATION_ERROR', 'Check the fields.', {
          fields: { reason: 'The reason holds a character that is not allowed.' },
        }),
    });
    renderRoutes(routes, '/admin/donations');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject donation #11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject donation #11?' });
    await confirmWithReason(dialog, 'Reject donation', 'Fraud suspected');
    expect(
      await within(dialog).findByText('The reason holds a character that is not allowed.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('pages with the cursors and clears the selection', async () => {
    signInAsPlatformUser(true, 1);
    const fetchMock = stubFetch({
      'GET /api/admin/complete': (url) =>
        url.searchParams.get('cursor') === 'c2' ? page([payout], null, 'c1') : page([held], 'c2'),
    });
    renderRoutes(routes, '/admin/donations');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Select donation #11/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('article', { name: /Acme Ltd/ })).toBeInTheDocument();
    const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
    expect(last.searchParams.get('cursor')).toBe('c2');
    expect(last.searchParams.get('direction')).toBe('after');
    expect(screen.getByText('None selected.')).toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    signInAsPlatformUser(true, 1);
    stubFetch({ 'GET /api/admin/complete': () => page([]) });
    renderRoutes(routes, '/admin/donations');
    expect(await screen.findByText(/Nothing is waiting for the platform/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete selected' })).not.toBeInTheDocument();
  });

  it('shows an Employee the donations without the actions', async () => {
    signInAsPlatformUser(true, 99);
    stubFetch({ 'GET /api/admin/complete': () => page([held]) });
    renderRoutes(routes, '/admin/donations');
    expect(await screen.findByRole('article', { name: /Dana Donor/ })).toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
  });
});
