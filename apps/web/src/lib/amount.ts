import { AMOUNT_MESSAGES, type AmountCheck, checkAmountText, currencySymbol } from '@kindred/shared';

export { AMOUNT_MESSAGES, type AmountCheck, currencySymbol };

/**
 * Checks a typed amount in major units and gives it in minor units (the shared check, which the
 * donate button's page uses too): notZero, larger than 0, at most two decimals, the API's bounds.
 */
export const checkAmount: (text: string) => AmountCheck = checkAmountText;

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
