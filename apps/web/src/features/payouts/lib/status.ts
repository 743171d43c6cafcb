import type { Payout, PayoutStatus } from '@kindred/shared';
import { showDate } from '@/lib/format';

/** A payout's status in the charity's words, with its badge colour (dark enough for white text). */
export const PAYOUT_STATUS: Record<PayoutStatus, { label: string; color: string }> = {
  requested: { label: 'Asked for', color: 'blue.8' },
  approved: { label: 'Approved, being paid', color: 'indigo.8' },
  paid: { label: 'Paid', color: 'teal.9' },
  failed: { label: 'Failed', color: 'red.9' },
};

/** What happened to a payout last, and when: "Paid 3 Dec 2026", "Asked for 1 Dec 2026". */
export function payoutWhen(payout: Payout): string {
  if (payout.status === 'paid') return `Paid ${showDate(payout.paid_at)}`;
  if (payout.status === 'failed') return `Failed ${showDate(payout.failed_at)}`;
  if (payout.status === 'approved') return `Approved ${showDate(payout.approved_at)}`;
  return 'Waiting for Kindred to approve it';
}

/** "1 gift", "12 gifts". */
export const giftsCount = (count: number) => `${count} ${count === 1 ? 'gift' : 'gifts'}`;

/** How many payouts: "1 payout", "3 payouts". */
export const payoutsCount = (count: number) => `${count} ${count === 1 ? 'payout' : 'payouts'}`;
