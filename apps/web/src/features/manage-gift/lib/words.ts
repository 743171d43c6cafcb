import {
  type Donation,
  FREQUENCIES,
  formatMoney,
  GIVING_TYPE,
  labelOf,
  type PaymentMethod,
  type Subscription,
  type SubscriptionStatus,
} from '@kindred/shared';
import { donationWhat } from '@/entities/donation';
import { showDate } from '@/lib/format';

/** A plan's status in words, with the colour of its badge (dark enough for white text). */
export const PLAN_STATUS: Record<SubscriptionStatus, { label: string; colour: string }> = {
  active: { label: 'Active', colour: 'teal.9' },
  paused: { label: 'Paused', colour: 'gray.7' },
  failing: { label: 'Failing', colour: 'pink.9' },
  cancelled: { label: 'Cancelled', colour: 'red.9' },
};

/** '₹25 monthly' */
export function planWhat(plan: Pick<Subscription, 'amount' | 'frequency'>, currency: string): string {
  const frequency = labelOf(FREQUENCIES, plan.frequency) ?? '';
  return `${formatMoney(plan.amount, currency)} ${frequency.toLowerCase()}`.trim();
}

/** What a gift was: its amount for funds ('₹25'), else its hours or items. */
export function giftWhat(donation: Donation, currency: string): string {
  return donation.type === GIVING_TYPE.funds
    ? formatMoney(donation.amount ?? 0, currency)
    : donationWhat(donation);
}

/** Who receives it: the project's title, or the charity's name for a gift straight to a charity. */
export function recipientName(target: Pick<Subscription, 'project' | 'charity'>): string {
  return target.project?.title ?? target.charity.name;
}

/** What the plan's status means for its gifts (beside its badge). */
export function planStatusSentence(plan: Subscription): string {
  switch (plan.status) {
    case 'cancelled':
      return 'No more gifts will be made.';
    case 'paused':
      return 'No gifts are made until you resume it. Dates missed while it is paused are skipped, never charged later.';
    case 'failing':
      return 'The recent gifts could not be made.';
    default:
      return plan.next_date ? 'A gift is made on each date.' : 'No more gifts are due.';
  }
}

/** The next gift's date, or why there is none. */
export function nextGiftText(plan: Subscription): string {
  if (plan.next_date) return showDate(plan.next_date);
  return plan.status === 'paused' ? 'None while it is paused' : 'None';
}

/** How a plan's gifts are paid: 'Visa ending 4242 (expires 04/31)', 'Your wallet', 'Your credits'. */
export function planPaidBy(plan: Pick<Subscription, 'source'>, card: PaymentMethod | null): string {
  if (plan.source === 'card') return card ? `${card.label} (${expiryText(card)})` : 'Card';
  return plan.source === 'credits' ? 'Your credits' : 'Your wallet';
}

/** 'expires 04/31': a card's expiry as printed on it. */
export function expiryText(card: Pick<PaymentMethod, 'exp_month' | 'exp_year'>): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `expires ${two(card.exp_month)}/${two(card.exp_year % 100)}`;
}

/** How a gift was paid: by card, from the wallet, from credits (null for time, skills and goods). */
export function giftPaidBy(donation: Pick<Donation, 'source'>): string | null {
  switch (donation.source) {
    case 'card':
      return 'Card';
    case 'credits':
      return 'Credits';
    case 'wallet':
      return 'Wallet';
    default:
      return null;
  }
}

/**
 * The warning of a plan whose last payment failed (docs/product/card-gifts.md#recurring-gifts-by-card):
 * what to do so that the next one goes ahead, and how many failed in a row; null when none failed.
 */
export function failureWarning(plan: Subscription): { sentence: string; count: string | null } | null {
  if (plan.status === 'cancelled') return null;
  if (plan.status !== 'failing' && plan.failed_periods === 0) return null;
  const count =
    plan.failed_periods > 0
      ? `${plan.failed_periods} ${plan.failed_periods === 1 ? 'gift' : 'gifts'} in a row could not be made.`
      : null;
  const sentence =
    plan.source === 'card'
      ? 'The last payment failed: change the card so the next one goes ahead.'
      : plan.source === 'credits'
        ? 'The last gift could not be made: there were not enough credits.'
        : 'The last gift could not be made: sign in and add money to your wallet so the next one goes ahead.';
  return { sentence, count };
}
