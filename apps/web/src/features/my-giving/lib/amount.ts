import { amountSchema, toMinorUnits } from '@kindred/shared';

export type AmountCheck = { ok: true; minorUnits: number } | { ok: false; message: string };

/** A typed amount in major units (at most two decimals), checked and given in minor units. */
export function checkAmount(text: string): AmountCheck {
  const value = text.trim();
  if (!value) return { ok: false, message: 'Enter an amount.' };
  const minorUnits = toMinorUnits(value);
  if (minorUnits === null) {
    return {
      ok: false,
      message: /^\d*\.\d{3,}$/.test(value)
        ? 'Use at most 2 decimals.'
        : 'Use digits and a decimal point only, for example 250 or 99.50.',
    };
  }
  if (minorUnits === 0) return { ok: false, message: 'The amount must be more than 0.' };
  const bounds = amountSchema.safeParse(minorUnits);
  if (!bounds.success)
    return { ok: false, message: bounds.error.issues[0]?.message ?? 'This amount is not valid.' };
  return { ok: true, minorUnits };
}

/** Minor units as the amount field shows them: 2500 -> '25', 2550 -> '25.50'. */
export function amountText(minorUnits: number): string {
  return minorUnits % 100 === 0 ? String(minorUnits / 100) : (minorUnits / 100).toFixed(2);
}
