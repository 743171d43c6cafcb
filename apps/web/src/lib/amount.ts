import { amountSchema, largerThan, notZero, toMinorUnits } from '@kindred/shared';
import { messageOf } from '@/lib/form';

/**
 * Messages of the amount field (docs/product/limits-and-messages.md#form-checks: notZero,
 * largerThan 0; at most two decimals).
 */
export const AMOUNT_MESSAGES = {
  required: 'Enter an amount.',
  notZero: 'The amount cannot be 0.',
  largerThan: 'The amount must be more than 0.',
  decimals: 'Use at most 2 decimals.',
  format: 'Use digits and a decimal point only, for example 250 or 99.50.',
} as const;

export type AmountCheck = { ok: true; minorUnits: number } | { ok: false; message: string };

/**
 * Checks a typed amount in major units and gives it in minor units: notZero, then larger than 0,
 * then the shared parser (digits, optional point, at most two decimals), then the API's bounds.
 */
export function checkAmount(text: string): AmountCheck {
  const value = text.trim();
  if (!value) return { ok: false, message: AMOUNT_MESSAGES.required };
  const rule =
    messageOf(notZero(value), { notZero: AMOUNT_MESSAGES.notZero }) ??
    messageOf(largerThan(0)(value), { largerThan: AMOUNT_MESSAGES.largerThan });
  if (rule) return { ok: false, message: rule };
  const minorUnits = toMinorUnits(value);
  if (minorUnits === null) {
    return {
      ok: false,
      message: /^\d*\.\d{3,}$/.test(value) ? AMOUNT_MESSAGES.decimals : AMOUNT_MESSAGES.format,
    };
  }
  // '0.001' and friends are caught above; a parsed 0 can still come from '.00'.
  if (minorUnits === 0) return { ok: false, message: AMOUNT_MESSAGES.notZero };
  const bounds = amountSchema.safeParse(minorUnits);
  if (!bounds.success)
    return { ok: false, message: bounds.error.issues[0]?.message ?? AMOUNT_MESSAGES.format };
  return { ok: true, minorUnits };
}

/** The error of a typed amount, or null (for form validators). */
export function amountError(text: string): string | null {
  const check = checkAmount(text);
  return check.ok ? null : check.message;
}

/** A typed amount in minor units, or null when it is not a valid amount. */
export function parseAmount(text: string): number | null {
  const check = checkAmount(text);
  return check.ok ? check.minorUnits : null;
}

/** The currency's symbol as `formatMoney` writes it ('₹' for INR), for the amount field. */
export function currencySymbol(currency: string, locale = 'en-GB'): string {
  try {
    const part = new Intl.NumberFormat(locale, { style: 'currency', currency })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}
