import { type Donation, GIVING_TYPE, TRANSACTION_STATUS } from '@kindred/shared';

/** Offers of time, skills and goods the charity can still act on (funds move through the platform). */
export function canActOn(donation: Donation): boolean {
  return (
    donation.type !== GIVING_TYPE.funds &&
    (donation.status === TRANSACTION_STATUS.awaitingCharityApproval ||
      donation.status === TRANSACTION_STATUS.approved)
  );
}

/** Volunteering and skilled volunteering: completing them confirms the hours given. */
export function givesHours(donation: Donation): boolean {
  return donation.type === GIVING_TYPE.volunteering || donation.type === GIVING_TYPE.skilledVolunteering;
}

/** '1 donation', '3 donations'. */
export function donationsCount(count: number): string {
  return count === 1 ? '1 donation' : `${count} donations`;
}

/**
 * The status badge colours, white text on each: the shared ones, with a darker orange for
 * "Awaiting platform admin approval" (white on orange.9 falls short of 4.5:1 at badge size).
 */
export function statusColour(status: number, shared: Record<number, string>): string {
  if (status === 40) return '#a33d0a';
  return shared[status] ?? 'dark';
}
