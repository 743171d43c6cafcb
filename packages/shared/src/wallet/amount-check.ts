import { toMinorUnits } from '../money/money.js';
import { largerThan, notZero } from '../validation/validators.js';
import { amountSchema } from './schemas.js';

/**
 * Messages of a typed amount (docs/product/limits-and-messages.md#form-checks: notZero,
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
 * Checks an amount typed in major units and gives it in minor units: notZero, then larger than 0,
 * then the money parser (digits, optional point, at most two decimals), then the API's bounds
 * (amountSchema). The web app's money forms and the donate button's page check amounts with it.
 */
export function checkAmountText(text: string): AmountCheck {
  const value = text.trim();
  if (!value) return { ok: false, message: AMOUNT_MESSAGES.required };
  if (notZero(value)) return { ok: false, message: AMOUNT_MESSAGES.notZero };
  if (largerThan(0)(value)) return { ok: false, message: AMOUNT_MESSAGES.largerThan };
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
