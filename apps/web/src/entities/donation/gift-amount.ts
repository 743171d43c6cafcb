import { giftAidOf, toMinorUnits } from '@kindred/shared';

/** Amounts offered with one click (shared with the donate button's page). */
export { AMOUNT_PRESETS } from '@kindred/shared';

/** What Gift Aid adds to a typed amount (25%), or 0 while the amount is not valid. */
export function giftAidFor(amount: string): number {
  const minor = toMinorUnits(amount);
  return minor ? giftAidOf(minor) : 0;
}
