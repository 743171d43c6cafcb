import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, timestamptz } from '../../db/columns.js';

/* Books that reconcile (docs/product/payouts-and-reconciliation.md#reconciliation). */

/** One daily comparison of the provider's records with ours, over a window. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: serialId(),
    provider: text('provider').notNull(),
    since: timestamptz('since').notNull(),
    until: timestamptz('until').notNull(),
    providerRecords: integer('provider_records').notNull(),
    matched: integer('matched').notNull(),
    mismatches: integer('mismatches').notNull(),
    ranAt: timestamptz('ran_at').notNull(),
  },
  (t) => [index('reconciliation_runs_ran_idx').on(t.ranAt)],
);

export const MISMATCH_KINDS = ['charge', 'refund', 'dispute', 'transfer'] as const;
export const MISMATCH_PROBLEMS = ['missing_in_books', 'missing_at_provider', 'amount_differs'] as const;

/**
 * A movement of money the provider and our books do not agree on: kept once per kind and provider
 * id, seen again by each run, resolved when a later run finds them agreeing.
 */
export const reconciliationMismatches = pgTable(
  'reconciliation_mismatches',
  {
    id: serialId(),
    kind: text('kind', { enum: MISMATCH_KINDS }).notNull(),
    providerId: text('provider_id').notNull(),
    problem: text('problem', { enum: MISMATCH_PROBLEMS }).notNull(),
    providerAmount: bigint('provider_amount', { mode: 'number' }),
    booksAmount: bigint('books_amount', { mode: 'number' }),
    /** The payment a refund or dispute is of, at the provider. */
    paymentId: text('payment_id'),
    firstSeenAt: timestamptz('first_seen_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    uniqueIndex('reconciliation_mismatches_uq').on(t.kind, t.providerId),
    index('reconciliation_mismatches_open_idx').on(t.resolvedAt, t.firstSeenAt),
  ],
);
