import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertOne } from '../../db/insert.js';
import { reconciliationMismatches, reconciliationRuns } from './reconciliation.table.js';

export type MismatchRow = typeof reconciliationMismatches.$inferSelect;
export type RunRow = typeof reconciliationRuns.$inferSelect;
export type Mismatch = Pick<
  MismatchRow,
  'kind' | 'providerId' | 'problem' | 'providerAmount' | 'booksAmount' | 'paymentId'
>;

export const reconciliationRepository = {
  insertRun(db: Executor, values: typeof reconciliationRuns.$inferInsert): Promise<RunRow> {
    return insertOne(db, reconciliationRuns, values);
  },

  async lastRun(db: Executor): Promise<RunRow | undefined> {
    const [row] = await db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.ranAt)).limit(1);
    return row;
  },

  /** Records a mismatch, or sees it again (reopened if it had been resolved). */
  async upsert(db: Executor, mismatch: Mismatch, at: Date) {
    await db
      .insert(reconciliationMismatches)
      .values({ ...mismatch, firstSeenAt: at, lastSeenAt: at })
      .onConflictDoUpdate({
        target: [reconciliationMismatches.kind, reconciliationMismatches.providerId],
        set: {
          problem: mismatch.problem,
          providerAmount: mismatch.providerAmount,
          booksAmount: mismatch.booksAmount,
          lastSeenAt: at,
          resolvedAt: null,
        },
      });
  },

  /** Open mismatches of these provider ids that a run now finds agreeing. */
  async resolve(db: Executor, agreeing: Array<{ kind: MismatchRow['kind']; providerId: string }>, at: Date) {
    for (const { kind, providerId } of agreeing)
      await db
        .update(reconciliationMismatches)
        .set({ resolvedAt: at })
        .where(
          and(
            eq(reconciliationMismatches.kind, kind),
            eq(reconciliationMismatches.providerId, providerId),
            isNull(reconciliationMismatches.resolvedAt),
          ),
        );
  },

  /** Open mismatches, newest seen first (at most 500: a longer list means something larger is wrong). */
  open(db: Executor) {
    return db
      .select()
      .from(reconciliationMismatches)
      .where(isNull(reconciliationMismatches.resolvedAt))
      .orderBy(desc(reconciliationMismatches.firstSeenAt), desc(reconciliationMismatches.id))
      .limit(500);
  },

  async countOpen(db: Executor): Promise<number> {
    const [row] = await db
      .select({ count: sql<string>`count(*)` })
      .from(reconciliationMismatches)
      .where(isNull(reconciliationMismatches.resolvedAt));
    return Number(row?.count ?? 0);
  },
};
