import { DONATION_METHOD, type Donation, TRANSACTION_STATUS, type User } from '@kindred/shared';
import { platformAdminAbilities } from '@/entities/session';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** How long a donation has waited: 'less than an hour', '5 hours', '1 day', '12 days'. */
export function waitingFor(createdAt: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(createdAt));
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < HOUR) return 'less than an hour';
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? '1 day' : `${days} days`;
}

/** What "Complete" does to a donation of the queue. */
export function nextStep(donation: Pick<Donation, 'status' | 'method'>): string {
  if (donation.status === TRANSACTION_STATUS.awaitingPlatformAdminApproval) {
    return donation.method === DONATION_METHOD.direct
      ? 'Complete approves it into the charity’s funds.'
      : 'Complete approves it into the project’s funds.';
  }
  return 'Complete records it as paid out to the charity.';
}

/** The queue's two groups, in a platform admin's words. */
export function queueReason(donation: Pick<Donation, 'status'>): string {
  return donation.status === TRANSACTION_STATUS.awaitingPlatformAdminApproval
    ? 'Held for review'
    : 'Waiting for payout';
}

/** Super Admins and Admins complete and reject; Employees only look. */
export type QueueRole = 'review' | 'view' | 'none';

export function queueRole(user: Pick<User, 'is_iic_admin' | 'admin_type'> | null): QueueRole {
  const abilities = platformAdminAbilities(user);
  return abilities.act ? 'review' : abilities.view ? 'view' : 'none';
}

/** Where a rejected donation's money goes back to, for the dialog. */
export function returnedTo(donation: Pick<Donation, 'source' | 'donor'>): string {
  return `${donation.donor.name}’s ${donation.source === 'credits' ? 'credits' : 'wallet'}`;
}

/** How the gift was paid: 'Wallet', 'Credits' or 'Card'. */
export function paidFrom(donation: Pick<Donation, 'source'>): string {
  if (donation.source === 'card') return 'Card';
  return donation.source === 'credits' ? 'Credits' : 'Wallet';
}

/** Where a card is shown: the queue, or a gift found by its number (in the queue or not). */
export type StandingContext = 'queue' | 'found';

/** Where the gift stands, in one sentence under its card. */
export function standing(
  donation: Pick<Donation, 'status' | 'method'>,
  context: StandingContext = 'queue',
): string {
  const found = context === 'found';
  switch (donation.status) {
    case TRANSACTION_STATUS.awaitingOrganisationApproval:
      return 'Waiting for the organisation’s sign-off.';
    case TRANSACTION_STATUS.awaitingCharityApproval:
      return 'Waiting for the charity’s approval.';
    case TRANSACTION_STATUS.awaitingPlatformAdminApproval:
      return 'Held for platform review.';
    case TRANSACTION_STATUS.approved:
      return found && donation.method !== DONATION_METHOD.direct
        ? 'Approved into the project’s funds.'
        : 'Approved, not yet paid out.';
    case TRANSACTION_STATUS.completed:
      return found ? 'Delivered to the charity’s funds.' : 'Paid out to the charity.';
    case TRANSACTION_STATUS.canceled:
      return found ? 'Canceled: its history says why.' : 'Returned to the giver: it has left the queue.';
    default:
      return '';
  }
}
