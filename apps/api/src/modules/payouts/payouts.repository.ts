import { and, asc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, insertOne, updateOne } from '../../db/insert.js';
import { exactTime, type Keyset, newestFirst } from '../../lib/pagination.js';
import { payoutItems, payoutSchedules, payouts } from './payouts.table.js';

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutScheduleRow = typeof payoutSchedules.$inferSelect;

/** Payouts to charities, the gifts each pays, and the charities' schedules. */
export const payoutsRepository = {
  insert(db: Executor, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
    return insertOne(db, payouts, values);
  },

  update(db: Executor, id: number, values: Partial<PayoutRow>): Promise<PayoutRow> {
    return updateOne(db, payouts, id, values);
  },

  async find(db: Executor, id: number): Promise<PayoutRow | undefined> {
    return firstWhere(db, payouts, eq(payouts.id, id));
  },

  /** Payouts by id, in id order (read, not locked). */
  many(db: Executor, ids: number[]): Promise<PayoutRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.select().from(payouts).where(inArray(payouts.id, ids)).orderBy(asc(payouts.id));
  },

  lock(db: Executor, ids: number[]): Promise<PayoutRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.select().from(payouts).where(inArray(payouts.id, ids)).orderBy(asc(payouts.id)).for('update');
  },

  /** A page of payouts, newest first: a charity's, or every charity's (of one status). */
  page(db: Executor, filter: { charityId?: number; status?: PayoutRow['status'] }, page: Keyset) {
    const { conditions, order } = newestFirst(payouts.createdAt, payouts.id, page.cursor, page.before);
    return db
      .select({ payout: payouts, at: exactTime(payouts.createdAt) })
      .from(payouts)
      .where(
        and(
          ...(filter.charityId !== undefined ? [eq(payouts.charityId, filter.charityId)] : []),
          ...(filter.status ? [eq(payouts.status, filter.status)] : []),
          ...conditions,
        ),
      )
      .orderBy(...order)
      .limit(page.limit + 1);
  },

  /** Approved payouts whose provider answer was lost (the open-payouts round asks again). */
  approvedBefore(db: Executor, before: Date, limit = 100): Promise<PayoutRow[]> {
    return db
      .select()
      .from(payouts)
      .where(and(eq(payouts.status, 'approved'), lt(payouts.approvedAt, before)))
      .orderBy(asc(payouts.approvedAt))
      .limit(limit);
  },

  async insertItems(db: Executor, payoutId: number, items: Array<{ donationId: number; amount: number }>) {
    if (items.length > 0) await db.insert(payoutItems).values(items.map((item) => ({ payoutId, ...item })));
  },

  items(db: Executor, payoutId: number) {
    return db
      .select()
      .from(payoutItems)
      .where(eq(payoutItems.payoutId, payoutId))
      .orderBy(asc(payoutItems.donationId));
  },

  async itemCounts(db: Executor, payoutIds: number[]): Promise<Map<number, number>> {
    if (payoutIds.length === 0) return new Map();
    const rows = await db
      .select({ payoutId: payoutItems.payoutId, count: sql<string>`count(*)` })
      .from(payoutItems)
      .where(inArray(payoutItems.payoutId, payoutIds))
      .groupBy(payoutItems.payoutId);
    return new Map(rows.map((row) => [row.payoutId, Number(row.count)]));
  },

  /** How much of each of a charity's gifts its payouts (not failed) already pay. */
  async paidOfGifts(db: Executor, charityId: number): Promise<Map<number, number>> {
    const rows = await db
      .select({ donationId: payoutItems.donationId, total: sql<string>`sum(${payoutItems.amount})` })
      .from(payoutItems)
      .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
      .where(and(eq(payouts.charityId, charityId), ne(payouts.status, 'failed')))
      .groupBy(payoutItems.donationId);
    return new Map(rows.map((row) => [row.donationId, Number(row.total)]));
  },

  /** A charity's payouts paid, and those asked for and not yet paid. */
  async totals(db: Executor, charityId: number) {
    const [row] = await db
      .select({
        paid: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'paid'), 0)`,
        waiting: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} in ('requested', 'approved')), 0)`,
      })
      .from(payouts)
      .where(eq(payouts.charityId, charityId));
    return { paid: Number(row?.paid ?? 0), waiting: Number(row?.waiting ?? 0) };
  },

  async paidByMonth(db: Executor, charityId: number, since: Date): Promise<Map<string, number>> {
    const month = sql<string>`to_char(${payouts.paidAt} at time zone 'UTC', 'YYYY-MM')`;
    const rows = await db
      .select({ month, total: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
      .from(payouts)
      .where(
        and(eq(payouts.charityId, charityId), eq(payouts.status, 'paid'), sql`${payouts.paidAt} >= ${since}`),
      )
      .groupBy(month);
    return new Map(rows.map((row) => [row.month, Number(row.total)]));
  },

  /** Payouts paid between two moments, by the provider's transfer id (reconciliation). */
  paidBetween(db: Executor, since: Date, until: Date) {
    return db
      .select({ transferId: payouts.transferId, amount: payouts.amount })
      .from(payouts)
      .where(
        and(eq(payouts.status, 'paid'), sql`${payouts.paidAt} >= ${since} and ${payouts.paidAt} < ${until}`),
      );
  },

  async paidByTransferIds(db: Executor, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: payouts.transferId, amount: payouts.amount })
      .from(payouts)
      .where(and(eq(payouts.status, 'paid'), inArray(payouts.transferId, ids)));
    return new Map(rows.map((row) => [row.id as string, row.amount]));
  },

  async schedule(db: Executor, charityId: number): Promise<PayoutScheduleRow | undefined> {
    return firstWhere(db, payoutSchedules, eq(payoutSchedules.charityId, charityId));
  },

  async setSchedule(db: Executor, values: typeof payoutSchedules.$inferInsert) {
    await db
      .insert(payoutSchedules)
      .values(values)
      .onConflictDoUpdate({ target: payoutSchedules.charityId, set: values });
  },

  async removeSchedule(db: Executor, charityId: number) {
    await db.delete(payoutSchedules).where(eq(payoutSchedules.charityId, charityId));
  },

  /** Schedules due by a day, locked so that two processes never pay one out twice. */
  dueSchedules(db: Executor, today: string, limit = 100): Promise<PayoutScheduleRow[]> {
    return db
      .select()
      .from(payoutSchedules)
      .where(lte(payoutSchedules.nextOn, today))
      .orderBy(asc(payoutSchedules.nextOn))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async advanceSchedule(db: Executor, charityId: number, nextOn: string) {
    await db.update(payoutSchedules).set({ nextOn }).where(eq(payoutSchedules.charityId, charityId));
  },
};
