import { giftAidOf, toMinorUnits } from '@kindred/shared';

/** Amounts offered with one click, in minor units (₹100, ₹250, ₹500, ₹1,000). */
export const AMOUNT_PRESETS = [10_000, 25_000, 50_000, 100_000] as const;

/** What Gift Aid adds to a typed amount (25%), or 0 while the amount is not valid. */
export function giftAidFor(amount: string): number {
  const minor = toMinorUnits(amount);
  return minor ? giftAidOf(minor) : 0;
}
