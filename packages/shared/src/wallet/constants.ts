/* The wallet rules the screens need without the schemas (which bring zod with them). */

/** The largest amount one call may move: 10 billion major units, in minor units. */
export const MAX_AMOUNT = 1_000_000_000_000;

export const LEDGER_HISTORY_ACCOUNTS = ['wallet', 'credits', 'held'] as const;
