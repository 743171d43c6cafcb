import type { PaymentMethod, Subscription } from '@kindred/shared';
import { showDate } from '@/lib/format';

/** The saved card a plan by card charges, when it is still saved (undefined while they load). */
export function cardOf(
  subscription: Pick<Subscription, 'source' | 'payment_method_id'>,
  cards: PaymentMethod[] | undefined,
): PaymentMethod | null | undefined {
  if (subscription.source !== 'card' || subscription.payment_method_id === null) return null;
  if (!cards) return undefined;
  return cards.find((card) => card.id === subscription.payment_method_id) ?? null;
}

/**
 * How a plan's gifts are paid: 'Paid by Visa ending 4242.', 'Paid from your wallet.'. A removed
 * card is never charged again (docs/product/card-gifts.md#saved-cards), so it is named as removed.
 */
export function paidByText(
  subscription: Pick<Subscription, 'source' | 'payment_method_id'>,
  cards: PaymentMethod[] | undefined,
): string {
  if (subscription.source === 'credits') return 'Paid from your credits.';
  if (subscription.source !== 'card') return 'Paid from your wallet.';
  const card = cardOf(subscription, cards);
  if (card === undefined) return 'Paid by card.';
  return card ? `Paid by ${card.label}.` : 'Paid by a card you removed.';
}

/** The saved cards a plan by card could charge instead of its own, the default first. */
export function otherCards(
  subscription: Pick<Subscription, 'payment_method_id'>,
  cards: PaymentMethod[],
): PaymentMethod[] {
  return cards
    .filter((card) => card.id !== subscription.payment_method_id)
    .sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

/** 'Visa ending 4242, expires 04/31' (or 'expired 04/25' once its month has passed). */
export function cardChoiceLabel(card: PaymentMethod, now = new Date()): string {
  const month = String(card.exp_month).padStart(2, '0');
  const year = String(card.exp_year % 100).padStart(2, '0');
  const expired =
    card.exp_year < now.getFullYear() ||
    (card.exp_year === now.getFullYear() && card.exp_month < now.getMonth() + 1);
  return `${card.label}, ${expired ? 'expired' : 'expires'} ${month}/${year}`;
}

/** 'gift' or 'gifts', with the number. */
function gifts(count: number): string {
  return `${count} ${count === 1 ? 'gift' : 'gifts'}`;
}

/**
 * The warning of a running plan whose gift could not be made
 * (docs/product/donations.md#recurring-gifts, docs/product/card-gifts.md#recurring-gifts-by-card):
 * the missed period and when it is tried again, or the failed periods in a row; null when there is
 * nothing to warn about. A paused or cancelled plan is not charged, so it has no warning.
 */
export function missedWarning(
  subscription: Pick<Subscription, 'status' | 'missed' | 'failed_periods'>,
): { title: string; sentences: string[] } | null {
  const { status, missed, failed_periods: failed } = subscription;
  if (status !== 'active' && status !== 'failing') return null;
  if (!missed && status !== 'failing' && failed === 0) return null;
  const title = 'A gift could not be made';
  if (!missed)
    return {
      title,
      sentences: [
        failed > 0 ? `${gifts(failed)} in a row could not be made.` : 'The recent gifts could not be made.',
      ],
    };
  const sentences = [
    missed.next_try_at
      ? `The gift of ${showDate(missed.period)} was not paid. We try again on ${showDate(missed.next_try_at)}.`
      : `The gift of ${showDate(missed.period)} was not paid. We will try again.`,
  ];
  if (failed > 0) sentences.push(`Before it, ${gifts(failed)} in a row could not be made.`);
  return { title, sentences };
}

/**
 * What the toast says once a plan charges another card: the missed gift was paid with it, or
 * when it is tried again. The answer is the plan after its missed gift was tried on the new card.
 */
export function cardChangedDetail(
  before: Pick<Subscription, 'missed'>,
  after: Pick<Subscription, 'missed' | 'failed_periods' | 'next_date'>,
  label: string,
): string | undefined {
  if (after.missed)
    return after.missed.next_try_at
      ? `We will try the missed gift again on ${showDate(after.missed.next_try_at)}.`
      : 'We will try the missed gift again.';
  if (!before.missed)
    return after.next_date
      ? `The next gift, on ${showDate(after.next_date)}, is charged to ${label}.`
      : undefined;
  // Paid, the plan's failed periods start again from none; a last try that failed counts one more.
  if (after.failed_periods === 0) return `The missed gift was paid with ${label}.`;
  return `The missed gift could not be made with ${label} either. The next gift is charged to it.`;
}
