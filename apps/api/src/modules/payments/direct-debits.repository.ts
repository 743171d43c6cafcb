import { and, asc, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, insertOne, updateWhere } from '../../db/insert.js';
import { newestByIdRows } from '../../db/pages.js';
import type { IdKeyset } from '../../lib/pagination.js';
import type { MoneyOwner } from './money-owner.js';
import { directDebits } from './payments.table.js';

export type MandateRow = typeof directDebits.$inferSelect;

const ofOwner = (id: number, owner: MoneyOwner) =>
  and(
    eq(directDebits.id, id),
    eq(directDebits.ownerType, owner.ownerType),
    eq(directDebits.ownerId, owner.ownerId),
  );

/** SQL of the direct debit mandates. */
export const directDebitsRepository = {
  async insert(db: Executor, values: typeof directDebits.$inferInsert): Promise<MandateRow> {
    return insertOne(db, directDebits, values);
  },

  /** An owner's mandates, newest first (at most `limit`). */
  listOfOwner(db: Executor, owner: MoneyOwner, limit: number): Promise<MandateRow[]> {
    return db
      .select()
      .from(directDebits)
      .where(and(eq(directDebits.ownerType, owner.ownerType), eq(directDebits.ownerId, owner.ownerId)))
      .orderBy(desc(directDebits.createdAt), desc(directDebits.id))
      .limit(limit);
  },

  async findOfOwner(db: Executor, id: number, owner: MoneyOwner): Promise<MandateRow | undefined> {
    return firstWhere(db, directDebits, ofOwner(id, owner));
  },

  /** Cancels an active mandate of the owner; undefined when there is no such active mandate. */
  async cancelActive(
    db: Executor,
    id: number,
    owner: MoneyOwner,
    now: Date,
  ): Promise<MandateRow | undefined> {
    return updateWhere(
      db,
      directDebits,
      { status: 'cancelled', cancelledAt: now },
      and(ofOwner(id, owner), eq(directDebits.status, 'active')),
    );
  },

  /**
   * Claims up to `limit` mandates due by `today` for this process until `claimUntil`: rows locked
   * by another process are skipped (FOR UPDATE SKIP LOCKED), so none is charged twice at once. Run
   * it in a transaction.
   */
  async claimDue(tx: Executor, today: string, now: Date, claimUntil: Date, limit: number) {
    const due = await tx
      .select({ id: directDebits.id })
      .from(directDebits)
      .where(
        and(
          eq(directDebits.status, 'active'),
          lte(directDebits.nextChargeOn, today),
          or(isNull(directDebits.claimedUntil), lte(directDebits.claimedUntil, now)),
          or(isNull(directDebits.retryAfter), lte(directDebits.retryAfter, now)),
        ),
      )
      .orderBy(asc(directDebits.nextChargeOn), asc(directDebits.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows: MandateRow[] = [];
    for (const { id } of due) {
      const [row] = await tx
        .update(directDebits)
        .set({ claimedUntil: claimUntil })
        .where(eq(directDebits.id, id))
        .returning();
      if (row) rows.push(row);
    }
    return rows;
  },

  /** A period was charged: the next one is due on `nextChargeOn`, the failures are forgotten. */
  async charged(tx: Executor, id: number, nextChargeOn: string) {
    await tx
      .update(directDebits)
      .set({ nextChargeOn, failedAttempts: 0, lastError: null, retryAfter: null, claimedUntil: null })
      .where(eq(directDebits.id, id));
  },

  /** A charge failed: counted, and retried after `retryAfter` unless the mandate is stopped. */
  async chargeFailed(
    db: Executor,
    id: number,
    failure: { failedAttempts: number; lastError: string; stopped: boolean; retryAfter: Date },
  ) {
    await db
      .update(directDebits)
      .set({
        failedAttempts: failure.failedAttempts,
        lastError: failure.lastError,
        status: failure.stopped ? 'failed' : 'active',
        retryAfter: failure.retryAfter,
        claimedUntil: null,
      })
      .where(eq(directDebits.id, id));
  },

  async failureReported(db: Executor, id: number) {
    await db.update(directDebits).set({ failureReported: true }).where(eq(directDebits.id, id));
  },

  /** Every mandate (of a status), newest first, keyset paged on the id. */
  page(
    db: Executor,
    filter: { status?: MandateRow['status'] | undefined },
    page: IdKeyset,
  ): Promise<MandateRow[]> {
    return newestByIdRows(db, directDebits, page, [
      filter.status ? eq(directDebits.status, filter.status) : undefined,
    ]);
  },
};
