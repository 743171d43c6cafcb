import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectForPlatformAdminsOnly } from '@/testing/admin';
import { bodyOfCall, errorResponse, headersOf, jsonResponse, type Route, stubFetch } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { confirmWithReason, expectReasonAsked } from '@/testing/reason-dialog';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signInAsPlatformUser } from '@/testing/session';
import { accountForReviewFixture, callsTo, payoutFixture } from '../testing/fixtures';
import { AdminPayoutsScreen } from './admin-payouts-screen';

const routes = [{ path: '/admin/payouts', element: <AdminPayoutsScreen /> }];
const page = (items: unknown[], next: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: null });

const river = payoutFixture();
const paws = payoutFixture({ id: 44, amount: 25_000, charity: { id: 5, name: 'Paws & Whiskers Rescue' } });

function renderScreen(adminType: number, handlers: Record<string, Route> = {}) {
  signInAsPlatformUser(true, adminType);
  const fetchMock = stubFetch({
    'GET /api/admin/payout_accounts': () => jsonResponse({ items: [accountForReviewFixture()] }),
    'GET /api/admin/payouts': (url) =>
      url.searchParams.get('status') === 'requested' ? page([river, paws]) : page([]),
    ...handlers,
  });
  renderRoutes(routes, '/admin/payouts');
  return fetchMock;
}

sessionClearedAfterEachTest();
afterEach(() => vi.unstubAllGlobals());

describe('the platform payouts screen', { timeout: 20_000 }, () => {
  it('is for platform admins only', () => {
    expectForPlatformAdminsOnly(routes, '/admin/payouts');
  });

  it('lets an Employee see the accounts and the payouts but not act on them', async () => {
    renderScreen(99);
    expect(await screen.findByText('View only')).toBeInTheDocument();
    const accounts = await screen.findByRole('table', { name: 'Payout accounts to check' });
    expect(accounts).toHaveTextContent('River Trust');
    expect(accounts).toHaveTextContent('sort code 12-34-56, account ••••5678');
    const payouts = await screen.findByRole('table', { name: 'Payouts: Asked for' });
    expect(payouts).toHaveTextContent('Paws & Whiskers Rescue');
    expect(screen.queryByRole('button', { name: /Mark as checked/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve and pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refuse payout/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // Statements are for every platform admin.
    expect(within(payouts).getAllByRole('button', { name: /^(PDF|CSV) statement of payout/ })).toHaveLength(
      4,
    );
  });

  it('marks an account checked after a confirm', async () => {
    let checked = false;
    const fetchMock = renderScreen(1, {
      'GET /api/admin/payout_accounts': () =>
        jsonResponse({ items: checked ? [] : [accountForReviewFixture()] }),
      'POST /api/admin/payout_accounts/3/verify': () => {
        checked = true;
        return jsonResponse({ ...accountForReviewFixture(), verified: true });
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark as checked: the account of River Trust' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark the account of River Trust as checked?' });
    expect(dialog).toHaveTextContent('paid into River Trust, sort code 12-34-56, account ••••5678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as checked' }));
    expect(await screen.findByText('No payout account waits for a check.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/payout_accounts/3/verify')).toHaveLength(1);
    expect(toastTexts().map((t) => t.title)).toContain('Account checked');
  });

  it('approves and pays the chosen payouts with one keyed call, and says which failed', async () => {
    const fetchMock = renderScreen(2, {
      'POST /api/admin/payouts/approve': () =>
        jsonResponse({
          payouts: [
            { ...river, status: 'paid', transfer_id: 'tr_1' },
            { ...paws, status: 'failed', failure_message: 'The bank refused the transfer.' },
          ],
        }),
    });
    const approve = await screen.findByRole('button', { name: 'Approve and pay (0)' });
    expect(approve).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select payout 41: ₹500 to River Trust' }));
    expect(screen.getByRole('button', { name: 'Approve and pay (1)' })).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve and pay (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and pay 2 payouts of ₹750?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/admin/payouts/approve')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'POST', '/api/admin/payouts/approve');
    expect(bodyOfCall(call)).toEqual({ payout_ids: [41, 44] });
    expect(headersOf(call?.[1] as RequestInit)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(toastTexts()).toContainEqual({
        title: '1 payout paid, 1 failed',
        message:
          'Paws & Whiskers Rescue: The bank refused the transfer. Their money went back to the charity.',
      }),
    );
  });

  it('refuses a payout with a reason', async () => {
    const fetchMock = renderScreen(1, {
      'POST /api/admin/payouts/41/reject': () =>
        jsonResponse({ payout: { ...river, status: 'failed', failure_message: 'Wrong account' } }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Refuse payout 41 of ₹500 to River Trust' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the payout' });
    expect(dialog).toHaveTextContent('₹500 to River Trust. Its money goes back to the charity’s funds');
    await expectReasonAsked(dialog, 'Refuse payout', 'Say why, so the charity knows.');
    await confirmWithReason(dialog, 'Refuse payout', 'The account is not the charity’s');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOfCall(callsTo(fetchMock, 'POST', '/api/admin/payouts/41/reject')[0])).toEqual({
      reason: 'The account is not the charity’s',
    });
    expect(toastTexts().map((t) => t.title)).toContain('Payout refused');
  });

  it('shows the paid ones behind the filter, and says when there is none', async () => {
    const fetchMock = renderScreen(1, {
      'GET /api/admin/payouts': (url) =>
        url.searchParams.get('status') === 'paid'
          ? page([{ ...river, status: 'paid', transfer_id: 'tr_sandbox_41' }])
          : page([]),
    });
    expect(await screen.findByText('No payout waits for approval.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve and pay/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Paid');
    const paid = await screen.findByRole('table', { name: 'Payouts: Paid' });
    expect(paid).toHaveTextContent('tr_sandbox_41');
    expect(within(paid).queryByRole('button', { name: /Refuse/ })).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([input]) => new URL(String(input), 'http://x').searchParams.get('status') === 'paid',
      ),
    ).toBe(true);
  });

  it('says so when a list could not be loaded', async () => {
    renderScreen(1, {
      'GET /api/admin/payout_accounts': () =>
        errorResponse(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.'),
    });
    expect(await screen.findByText('The payout accounts could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Payouts: Asked for' })).toBeInTheDocument();
  });
});
