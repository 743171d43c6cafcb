import type { Payout, PayoutAccountForReview, ProviderAccountInfo } from '@kindred/shared';
import { charityFundsFixture, fixtureOf } from '@/testing/fixtures';
import type { stubFetch } from '@/testing/http';

/** River Trust's payout account in the sandbox: waiting for a check unless told otherwise. */
export const accountFixture = fixtureOf<ProviderAccountInfo>(() => ({
  charity_id: 3,
  provider: 'sandbox',
  account_id: 'acct_sandbox_3',
  status: 'active',
  charges_enabled: true,
  payouts_enabled: true,
  account_name: 'River Trust',
  bank: 'sort code 12-34-56, account ••••5678',
  verified: false,
  verified_at: null,
  updated_at: '2026-11-30T10:00:00.000Z',
}));

export function accountForReviewFixture(
  overrides: Partial<PayoutAccountForReview> = {},
): PayoutAccountForReview {
  return { ...accountFixture(), charity: { id: 3, name: 'River Trust' }, ...overrides };
}

/** A payout of ₹500 River Trust asked for. */
export const payoutFixture = fixtureOf<Payout>(() => ({
  id: 41,
  charity: { id: 3, name: 'River Trust' },
  amount: 50_000,
  status: 'requested',
  scheduled: false,
  transfer_id: null,
  failure_message: null,
  gifts: 2,
  requested_by: { id: 9, name: 'Charlie Charity' },
  approved_by: null,
  created_at: '2026-12-01T09:00:00.000Z',
  approved_at: null,
  paid_at: null,
  failed_at: null,
}));

export const FUNDS = charityFundsFixture();

/** The calls `fetchMock` had with `method` to `path`. */
export const callsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === path,
  );
