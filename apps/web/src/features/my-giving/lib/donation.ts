import { type Donation, GIVING_TYPE, TRANSACTION_STATUS } from '@kindred/shared';

/**
 * A receipt exists for an approved or completed gift of funds that has its number; a gift refunded
 * since keeps it (its credit notes cancel the refunded part).
 */
export function hasReceipt(donation: Donation): boolean {
  return (
    donation.type === GIVING_TYPE.funds &&
    donation.receipt_number !== null &&
    (donation.status === TRANSACTION_STATUS.approved ||
      donation.status === TRANSACTION_STATUS.completed ||
      donation.refunded_amount > 0)
  );
}

/**
 * Why a donation was declined or returned: the reason recorded with its last move to 90. A gift
 * refunded in full has none here: each of its refunds says why.
 */
export function declineReason(donation: Donation): string | null {
  if (donation.refunds.length > 0) return null;
  const entry = [...donation.history].reverse().find((h) => h.status === TRANSACTION_STATUS.canceled);
  return entry?.reason ?? null;
}
