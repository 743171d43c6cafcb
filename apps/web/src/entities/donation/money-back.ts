import {
  type Donation,
  GIVING_TYPE,
  REFUND_REQUEST_DAYS,
  type Refund,
  TRANSACTION_STATUS,
} from '@kindred/shared';

/*
 * Money back (docs/product/refunds-and-disputes.md), as the screens read a donation: what is left
 * to refund, whether it may be refunded or asked back, and where a refund's money went.
 */

const DAY = 86_400_000;

type Refundable = Pick<Donation, 'type' | 'status' | 'amount' | 'refunded_amount' | 'refunds' | 'dispute'>;

/** What is left of a gift of funds to refund: its amount less what was refunded or is on its way. */
export function refundLeft(donation: Refundable): number {
  if (donation.type !== GIVING_TYPE.funds || donation.amount === null) return 0;
  const pending = donation.refunds
    .filter((refund) => refund.status === 'pending')
    .reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, donation.amount - donation.refunded_amount - pending);
}

/**
 * Whether the gift can be refunded now (what the API checks): an approved or completed gift of
 * funds, with something left, whose payment no bank is disputing.
 */
export function isRefundable(donation: Refundable): boolean {
  return (
    donation.type === GIVING_TYPE.funds &&
    (donation.status === TRANSACTION_STATUS.approved || donation.status === TRANSACTION_STATUS.completed) &&
    donation.dispute?.status !== 'open' &&
    refundLeft(donation) > 0
  );
}

/** The last moment its giver may ask for a refund: 30 days after giving. */
export function refundRequestDeadline(donation: Pick<Donation, 'created_at'>): number {
  return Date.parse(donation.created_at) + REFUND_REQUEST_DAYS * DAY;
}

/**
 * Whether the giver may ask for a refund: a refundable gift, within 30 days of giving, with no
 * request of theirs still waiting for the charity (a declined one may be followed by another).
 */
export function canAskForRefund(
  donation: Refundable & Pick<Donation, 'created_at' | 'refund_request'>,
  now: number = Date.now(),
): boolean {
  return (
    isRefundable(donation) &&
    now <= refundRequestDeadline(donation) &&
    donation.refund_request?.status !== 'open'
  );
}

/** Who reads: the giver ('your card'), or the charity's people and platform admins ('the giver’s card'). */
export type MoneyBackViewer = 'giver' | 'staff';

const PLACES: Record<Refund['to'], string> = { wallet: 'wallet', credits: 'credits', card: 'card' };

/** 'to your card', 'to the giver’s wallet'. */
export function refundDestination(to: Refund['to'], viewer: MoneyBackViewer): string {
  return `to ${viewer === 'giver' ? 'your' : 'the giver’s'} ${PLACES[to]}`;
}

/** Where a gift's money would go back to: the way it was given ('your card'). */
export function wayBack(donation: Pick<Donation, 'source'>, viewer: MoneyBackViewer): string {
  const to = donation.source === 'card' ? 'card' : donation.source === 'credits' ? 'credits' : 'wallet';
  return refundDestination(to, viewer).slice('to '.length);
}
