/* The wallet rules the screens need without the schemas (which bring zod with them). */

/** The largest amount one call may move: 10 billion major units, in minor units. */
export const MAX_AMOUNT = 1_000_000_000_000;

export const LEDGER_HISTORY_ACCOUNTS = ['wallet', 'credits', 'held'] as const;

/**
 * What became of a gift whose money was held (an organisation's sign-off, the platform's review):
 * its history shows the hold as one line with this state (docs/decisions/034).
 */
export const HELD_GIFT_STATES = ['held_signoff', 'held_review', 'given', 'released'] as const;
export type HeldGiftState = (typeof HELD_GIFT_STATES)[number];
export const HELD_GIFT_STATE_LABELS: Record<HeldGiftState, string> = {
  held_signoff: 'Held awaiting sign-off',
  held_review: 'Held awaiting review',
  given: 'Given',
  released: 'Released',
};
