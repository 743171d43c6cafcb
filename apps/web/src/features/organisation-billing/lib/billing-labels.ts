import {
  formatMoney,
  type Invoice,
  luhnValid,
  type OrgSubscription,
  PLAN_FEE_TYPE,
  type Plan,
} from '@kindred/shared';
import type { CardValues } from '@/entities/card';
import { showDate } from '@/lib/format';

/** "₹2,500 a month" / "₹75,000 a year". */
export function feeText(amount: number, feeType: number, currency: string): string {
  return `${formatMoney(amount, currency)} ${feeType === PLAN_FEE_TYPE.annual ? 'a year' : 'a month'}`;
}

export const planFee = (plan: Plan) => feeText(plan.fee, plan.fee_type, plan.currency);

export function periodText(start: string, end: string): string {
  return `${showDate(start)} to ${showDate(end)}`;
}

export function discountText(discount: NonNullable<OrgSubscription['discount']>, currency: string): string {
  return discount.kind === 'percentage'
    ? `${discount.code}: ${discount.value}% off`
    : `${discount.code}: ${formatMoney(discount.value, currency)} off`;
}

export function paidByText(subscription: OrgSubscription): string {
  if (subscription.payment_method === 'direct_debit') {
    return `Direct debit${subscription.direct_debit?.payment_method_label ? ` (${subscription.direct_debit.payment_method_label})` : ''}`;
  }
  return 'The organisation’s wallet';
}

export const SUBSCRIPTION_STATUS_LABELS: Record<OrgSubscription['status'], string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  replaced: 'Replaced',
};

export const INVOICE_STATUS_LABELS: Record<Invoice['status'], string> = { paid: 'Paid', due: 'Due' };

/** Field errors of a typed card, keyed `card.number` and so on. */
export function cardErrors(card: CardValues, now = new Date()): Record<string, string | null> {
  const number = card.number.replace(/[\s-]/g, '');
  const month = /^\d{1,2}$/.test(card.exp_month.trim()) ? Number(card.exp_month) : 0;
  const yearText = card.exp_year.trim();
  const year = /^\d{2}$/.test(yearText)
    ? 2000 + Number(yearText)
    : /^\d{4}$/.test(yearText)
      ? Number(yearText)
      : 0;
  const expired =
    year > 0 && month >= 1 && month <= 12
      ? year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
      : false;
  return {
    'card.number': !/^\d{12,19}$/.test(number)
      ? 'Enter the card number (12 to 19 digits).'
      : luhnValid(number)
        ? null
        : 'This card number is not valid. Check the digits.',
    'card.exp_month': month >= 1 && month <= 12 ? null : 'Enter the month, 1 to 12.',
    'card.exp_year':
      year === 0 ? 'Enter the year, for example 2030.' : expired ? 'The card has expired.' : null,
    'card.cvc': /^\d{3,4}$/.test(card.cvc.trim()) ? null : 'Enter the 3 or 4 digit security code.',
  };
}

export function toCardInput(card: CardValues) {
  const yearText = card.exp_year.trim();
  return {
    number: card.number.trim(),
    exp_month: Number(card.exp_month),
    exp_year: yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText),
    cvc: card.cvc.trim(),
  };
}
