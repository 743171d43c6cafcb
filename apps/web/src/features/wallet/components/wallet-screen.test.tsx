import type { DirectDebit, HistoryItem } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { businessMembershipFixture, MINUTE, makeLogin } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { sessionClearedAfterEachTest, signInWith } from '@/testing/session';
import { defaultRange } from '../lib/dates';
import { WalletScreen } from './wallet-screen';

const range = defaultRange();
const historyPath = `/api/user/payments/${range.from}/${range.to}`;

const item = (id: number, description: string, amount: number, kind = 'deposit'): HistoryItem => ({
  id,
  transaction_id: id,
  created_at: '2030-01-10T10:00:00.000Z',
  kind,
  description,
  account: 'wallet',
  amount,
  gift: null,
});

const debit = (status: DirectDebit['status']): DirectDebit => ({
  id: 5,
  owner_type: 'user',
  owner_id: 7,
  type: 1,
  charity_id: null,
  amount: 10_000,
  currency: 'INR',
  frequency: 3,
  start_date: '2030-02-01',
  next_charge_on: '2030-02-01',
  status,
  payment_method_label: 'Visa •••• 4242',
  failed_attempts: 0,
  last_error: null,
  created_at: '2030-01-01T00:00:00.000Z',
});

const page = (items: HistoryItem[], next: string | null = null, prev: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: prev });

describe('wallet screen', { timeout: 20_000 }, () => {
  sessionClearedAfterEachTest();

  it('shows balance, credits and held, the history with Older and Newer pages, and direct debits', async () => {
    session.signIn(makeLogin(Date.now() + 60 * MINUTE));
    const fetchMock = stubFetch({
      'GET /api/user/wallet': () =>
        jsonResponse({ wallet_amount: 150_000, credits: 2_550, held: 1_000, currency: 'INR' }),
      [`GET ${historyPath}`]: (url) => {
        const cursor = url.searchParams.get('cursor');
        if (cursor === 'older') return page([item(1, 'Old deposit', 5_000)], null, 'newer');
        return page(
          [item(2, 'Card top-up', 12_345), item(3, 'Gift to River Trust', -2_550, 'donation')],
          'older',
        );
      },
      'GET /api/user/direct_debits': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    renderWithProviders(<WalletScreen />);

    const balance = await screen.findByRole('region', { name: 'Balance' });
    await waitFor(() => expect(balance.textContent).toContain('₹1,500'));
    expect(balance.textContent).toContain('Credits₹25.50');
    expect(balance.textContent).toContain('Held₹10');

    const history = screen.getByRole('region', { name: 'History' });
    const table = await within(history).findByRole('table');
    expect(within(table).getByText('+₹123.45')).toBeInTheDocument();
    expect(within(table).getByText('-₹25.50')).toBeInTheDocument();
    const donations = within(table).getAllByRole('cell', { name: 'Gift' });
    expect(donations.map((cell) => cell.getAttribute('data-label'))).toContain('Type');
    expect(within(history).getByRole('button', { name: 'Newer' })).toBeDisabled();

    await userEvent.click(within(history).getByRole('button', { name: 'Older' }));
    expect(await within(history).findByText('Old deposit')).toBeInTheDocument();
    const older = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
    expect(older.searchParams.get('cursor')).toBe('older');
    expect(older.searchParams.get('direction')).toBe('after');
    expect(older.searchParams.get('limit')).toBe('20');

    await userEvent.click(within(history).getByRole('button', { name: 'Newer' }));
    await waitFor(() => {
      const newer = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
      expect(newer.searchParams.get('cursor')).toBe('newer');
      expect(newer.searchParams.get('direction')).toBe('before');
    });

    expect(await screen.findByText('No direct debits yet.')).toBeInTheDocument();
  });

  it('names each movement, and shows a held gift as one line with where it stands', async () => {
    session.signIn(makeLogin(Date.now() + 60 * MINUTE));
    const gift = (state: NonNullable<HistoryItem['gift']>['state']) => ({
      donation_id: 61,
      project: { id: 4, name: 'Clean Rivers' },
      charity: { id: 2, name: 'River Trust' },
      state,
      held_amount: 20_000,
    });
    stubFetch({
      'GET /api/user/wallet': () =>
        jsonResponse({ wallet_amount: 0, credits: 0, held: 20_000, currency: 'INR' }),
      [`GET ${historyPath}`]: () =>
        page([
          item(5, 'Moved to Acme North', -5_000, 'transfer'),
          {
            ...item(4, 'Gift to Clean Rivers (River Trust)', -20_000, 'donation_hold'),
            gift: gift('held_signoff'),
          },
          { ...item(3, 'Gift to Clean Rivers (River Trust)', 0, 'donation_hold'), gift: gift('released') },
          { ...item(2, 'Gift to Clean Rivers (River Trust)', -20_000, 'donation_hold'), gift: gift('given') },
        ]),
      'GET /api/user/direct_debits': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    renderWithProviders(<WalletScreen />);
    const history = screen.getByRole('region', { name: 'History' });
    const table = await within(history).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Moved to Acme North',
      'Gift to Clean Rivers (River Trust)Held awaiting sign-off₹200 held',
      'Gift to Clean Rivers (River Trust)Released₹200 back in the wallet',
      'Gift to Clean Rivers (River Trust)Given',
    ]);
    expect(within(table).queryByText(/Donation \d/)).not.toBeInTheDocument();
  });

  it('filters by account and type from the first page, and says when nothing matches', async () => {
    session.signIn(makeLogin(Date.now() + 60 * MINUTE));
    const fetchMock = stubFetch({
      'GET /api/user/wallet': () => jsonResponse({ wallet_amount: 0, credits: 0, held: 0, currency: 'INR' }),
      [`GET ${historyPath}`]: () => page([]),
      'GET /api/user/direct_debits': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    renderWithProviders(<WalletScreen />);
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText(/^No entries between/)).toBeInTheDocument();
    // Held is not shown when it is zero.
    expect(screen.getByRole('region', { name: 'Balance' }).textContent).not.toContain('Held');

    await userEvent.selectOptions(within(history).getByLabelText('Account'), 'credits');
    await userEvent.selectOptions(within(history).getByLabelText('Type'), 'admin_credits');
    expect(
      await within(history).findByText(/^No entries of this account and type between/),
    ).toBeInTheDocument();
    const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
    expect(last.searchParams.get('account')).toBe('credits');
    expect(last.searchParams.get('kind')).toBe('admin_credits');
    expect(last.searchParams.has('cursor')).toBe(false);
  });

  it('cancels a direct debit only after the confirm dialog', async () => {
    session.signIn(makeLogin(Date.now() + 60 * MINUTE));
    let cancelled = false;
    const fetchMock = stubFetch({
      'GET /api/user/wallet': () => jsonResponse({ wallet_amount: 0, credits: 0, held: 0, currency: 'INR' }),
      [`GET ${historyPath}`]: () => page([]),
      'GET /api/user/direct_debits': () =>
        jsonResponse({
          items: [debit(cancelled ? 'cancelled' : 'active')],
          next_cursor: null,
          prev_cursor: null,
        }),
      'DELETE /api/user/direct_debit/5': () => {
        cancelled = true;
        return jsonResponse(debit('cancelled'));
      },
    });
    renderWithProviders(<WalletScreen />);
    const list = await screen.findByRole('list', { name: 'Your direct debits' });
    expect(list.textContent).toContain('₹100 monthly');
    expect(list.textContent).toContain('Active');

    await userEvent.click(within(list).getByRole('button', { name: 'Cancel direct debit of ₹100 monthly' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      fetchMock.mock.calls.some((call) => (call[1] as RequestInit | undefined)?.method === 'DELETE'),
    ).toBe(false);

    await userEvent.click(within(list).getByRole('button', { name: 'Cancel direct debit of ₹100 monthly' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Direct debit cancelled')).toBeInTheDocument();
    await waitFor(() => expect(list.textContent).toContain('Cancelled'));
    expect(within(list).queryByRole('button', { name: /^Cancel direct debit/ })).not.toBeInTheDocument();
  });

  it("explains to an organisation's employee that its wallet is for its admins", async () => {
    signInWith({ business_membership: [businessMembershipFixture({ admin_type: 99 })] });
    session.setActiveAccount({ type: 'business', id: 9 });
    const fetchMock = stubFetch({});
    renderWithProviders(<WalletScreen />);
    expect(screen.getByText(/The wallet of Acme Ltd is for its Super Admins and Admins/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Show my personal wallet' }));
    expect(session.getState().activeAccount).toEqual({ type: 'individual' });
  });
});
