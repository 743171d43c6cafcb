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
