import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { firstWhere, insertOne, lockedWhere, updateOne } from '../../db/insert.js';
import { exactTime, type Keyset, newestFirst } from '../../lib/pagination.js';
import { donations } from './donations.table.js';
import { donationDisputes, donationRefunds, giftAidAdjustments, refundRequests } from './refunds.table.js';

export type RefundRow = typeof donationRefunds.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;
export type DisputeRow = typeof donationDisputes.$inferSelect;

/** Rows of one table grouped by donation, in the order read. */
function byDonation<Row extends { donationId: number }>(rows: Row[]): Map<number, Row[]> {
  const map = new Map<number, Row[]>();
  for (const row of rows) map.set(row.donationId, [...(map.get(row.donationId) ?? []), row]);
  return map;
}

/** Money back (docs/product/refunds-and-disputes.md): refunds, givers' requests, disputes, Gift Aid adjustments. */
export const refundsRepository = {
  insertRefund(db: Executor, values: typeof donationRefunds.$inferInsert): Promise<RefundRow> {
    return insertOne(db, donationRefunds, values);
  },

  updateRefund(db: Executor, id: number, values: Partial<RefundRow>): Promise<RefundRow> {
    return updateOne(db, donationRefunds, id, values);
  },

  /** The next credit note's number: "KC-<year>-<at least 7 digits>" from credit_note_seq. */
  async nextCreditNote(db: Executor, year: number): Promise<string> {
    const result = await db.execute(
      sql`select 'KC-' || ${String(year)}::text || '-' || lpad(n::text, greatest(7, length(n::text)), '0') as number from nextval('credit_note_seq') as n`,
    );
    const number = (result as unknown as { rows: Array<{ number: string }> }).rows[0]?.number;
    if (!number) throw new Error('credit_note_seq gave no number');
    return number;
  },

  async findRefund(db: Executor, donationId: number, id: number): Promise<RefundRow | undefined> {
    return firstWhere(
      db,
      donationRefunds,
      and(eq(donationRefunds.id, id), eq(donationRefunds.donationId, donationId)),
    );
  },

  async lockRefund(db: Executor, id: number): Promise<RefundRow | undefined> {
    return lockedWhere(db, donationRefunds, eq(donationRefunds.id, id));
  },

  async byProviderRefund(db: Executor, providerRefundId: string): Promise<RefundRow | undefined> {
    return firstWhere(db, donationRefunds, eq(donationRefunds.providerRefundId, providerRefundId));
  },

  /** What refunds to a card still on their way hold of a gift (read under the gift's lock). */
  async pendingAmount(db: Executor, donationId: number): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${donationRefunds.amount}), 0)` })
      .from(donationRefunds)
      .where(and(eq(donationRefunds.donationId, donationId), eq(donationRefunds.status, 'pending')));
    return Number(row?.total ?? 0);
  },

  /** What of a gift is set aside in a held balance: refunds on their way to a card, an open dispute. */
  async setAsideOf(db: Executor, donationId: number): Promise<number> {
    const pending = await refundsRepository.pendingAmount(db, donationId);
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${donationDisputes.heldAmount}), 0)` })
      .from(donationDisputes)
      .where(and(eq(donationDisputes.donationId, donationId), eq(donationDisputes.status, 'open')));
    return pending + Number(row?.total ?? 0);
  },

  /** Refunds to a card still with the provider since before `before` (the open-refunds round). */
  pendingSince(db: Executor, before: Date, limit = 100): Promise<RefundRow[]> {
    return db
      .select()
      .from(donationRefunds)
      .where(and(eq(donationRefunds.status, 'pending'), lt(donationRefunds.createdAt, before)))
      .orderBy(asc(donationRefunds.createdAt))
      .limit(limit);
  },

  async refundsOf(db: Executor, donationIds: number[]): Promise<Map<number, RefundRow[]>> {
    if (donationIds.length === 0) return new Map();
    return byDonation(
      await db
        .select()
        .from(donationRefunds)
        .where(inArray(donationRefunds.donationId, donationIds))
        .orderBy(asc(donationRefunds.createdAt), asc(donationRefunds.id)),
    );
  },

  insertRequest(db: Executor, values: typeof refundRequests.$inferInsert): Promise<RefundRequestRow> {
    return insertOne(db, refundRequests, values);
  },

  async openRequestOf(db: Executor, donationId: number): Promise<RefundRequestRow | undefined> {
    return lockedWhere(
      db,
      refundRequests,
      and(eq(refundRequests.donationId, donationId), eq(refundRequests.status, 'open')),
    );
  },

  async findRequest(db: Executor, charityId: number, id: number): Promise<RefundRequestRow | undefined> {
    return firstWhere(
      db,
      refundRequests,
      and(eq(refundRequests.id, id), eq(refundRequests.charityId, charityId)),
    );
  },

  async lockRequest(db: Executor, charityId: number, id: number): Promise<RefundRequestRow | undefined> {
    return lockedWhere(
      db,
      refundRequests,
      and(eq(refundRequests.id, id), eq(refundRequests.charityId, charityId)),
    );
  },

  updateRequest(db: Executor, id: number, values: Partial<RefundRequestRow>): Promise<RefundRequestRow> {
    return updateOne(db, refundRequests, id, values);
  },

  /** Each donation's latest request. */
  async latestRequests(db: Executor, donationIds: number[]): Promise<Map<number, RefundRequestRow>> {
    if (donationIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([refundRequests.donationId])
      .from(refundRequests)
      .where(inArray(refundRequests.donationId, donationIds))
      .orderBy(refundRequests.donationId, desc(refundRequests.createdAt), desc(refundRequests.id));
    return new Map(rows.map((row) => [row.donationId, row]));
  },

  /** A charity's requests, newest first; open ones only unless `all`. */
  requestsOfCharity(
    db: Executor,
    charityId: number,
    status: RefundRequestRow['status'] | null,
    page: Keyset,
  ) {
    const { conditions, order } = newestFirst(
      refundRequests.createdAt,
      refundRequests.id,
      page.cursor,
      page.before,
    );
    return db
      .select({ request: refundRequests, at: exactTime(refundRequests.createdAt) })
      .from(refundRequests)
      .where(
        and(
          eq(refundRequests.charityId, charityId),
          ...(status ? [eq(refundRequests.status, status)] : []),
          ...conditions,
        ),
      )
      .orderBy(...order)
      .limit(page.limit + 1);
  },

  async countOpenRequests(db: Executor, charityId: number): Promise<number> {
    const [row] = await db
      .select({ count: sql<string>`count(*)` })
      .from(refundRequests)
      .where(and(eq(refundRequests.charityId, charityId), eq(refundRequests.status, 'open')));
    return Number(row?.count ?? 0);
  },

  async disputeByProviderId(db: Executor, providerDisputeId: string): Promise<DisputeRow | undefined> {
    return lockedWhere(db, donationDisputes, eq(donationDisputes.providerDisputeId, providerDisputeId));
  },

  /** Inserts a dispute once per provider id; undefined when another delivery of the event got there first. */
  async insertDispute(
    db: Executor,
    values: typeof donationDisputes.$inferInsert,
  ): Promise<DisputeRow | undefined> {
    const [row] = await db.insert(donationDisputes).values(values).onConflictDoNothing().returning();
    return row;
  },

  updateDispute(db: Executor, id: number, values: Partial<DisputeRow>): Promise<DisputeRow> {
    return updateOne(db, donationDisputes, id, values);
  },

  async openDisputeOf(db: Executor, donationId: number): Promise<DisputeRow | undefined> {
    return firstWhere(
      db,
      donationDisputes,
      and(eq(donationDisputes.donationId, donationId), eq(donationDisputes.status, 'open')),
    );
  },

  /** Each donation's latest dispute. */
  async latestDisputes(db: Executor, donationIds: number[]): Promise<Map<number, DisputeRow>> {
    if (donationIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([donationDisputes.donationId])
      .from(donationDisputes)
      .where(inArray(donationDisputes.donationId, donationIds))
      .orderBy(donationDisputes.donationId, desc(donationDisputes.openedAt), desc(donationDisputes.id));
    return new Map(rows.map((row) => [row.donationId, row]));
  },

  async insertAdjustment(db: Executor, values: typeof giftAidAdjustments.$inferInsert): Promise<void> {
    await db.insert(giftAidAdjustments).values(values);
  },

  /** The charity's adjustments no claim has deducted yet, locked for the claim that will. */
  lockOpenAdjustments(db: Executor, charityId: number) {
    return db
      .select()
      .from(giftAidAdjustments)
      .where(and(eq(giftAidAdjustments.charityId, charityId), isNull(giftAidAdjustments.claimId)))
      .orderBy(asc(giftAidAdjustments.id))
      .for('update');
  },

  async openAdjustmentTotal(db: Executor, charityId: number): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${giftAidAdjustments.amount}), 0)` })
      .from(giftAidAdjustments)
      .where(and(eq(giftAidAdjustments.charityId, charityId), isNull(giftAidAdjustments.claimId)));
    return Number(row?.total ?? 0);
  },

  async markAdjustmentsClaimed(db: Executor, ids: number[], claimId: number) {
    if (ids.length > 0)
      await db.update(giftAidAdjustments).set({ claimId }).where(inArray(giftAidAdjustments.id, ids));
  },

  /**
   * What a charity's funds hold for direct gifts not yet delivered (status 80, not paid out by the
   * platform): not part of what it can be paid out. Money of theirs set aside for a dispute is not in
   * the funds, so it is not counted again.
   */
  async undeliveredDirect(db: Executor, charityId: number): Promise<number> {
    const [row] = await db
      .select({
        total: sql<string>`coalesce(sum(${donations.amount} - ${donations.refundedAmount} - coalesce((select sum(${donationDisputes.heldAmount}) from ${donationDisputes} where ${donationDisputes.donationId} = ${donations.id} and ${donationDisputes.status} = 'open'), 0)), 0)`,
      })
      .from(donations)
      .where(
        and(
          eq(donations.charityId, charityId),
          eq(donations.method, 2),
          eq(donations.type, 2),
          eq(donations.status, 80),
        ),
      );
    return Number(row?.total ?? 0);
  },

  /** What was given back of a charity's gifts each month since a day. */
  async refundedByMonth(db: Executor, charityId: number, since: Date): Promise<Map<string, number>> {
    const month = sql<string>`to_char(${donationRefunds.completedAt} at time zone 'UTC', 'YYYY-MM')`;
    const rows = await db
      .select({ month, total: sql<string>`coalesce(sum(${donationRefunds.amount}), 0)` })
      .from(donationRefunds)
      .innerJoin(donations, eq(donations.id, donationRefunds.donationId))
      .where(
        and(
          eq(donations.charityId, charityId),
          eq(donationRefunds.status, 'succeeded'),
          gte(donationRefunds.completedAt, since),
        ),
      )
      .groupBy(month);
    return new Map(rows.map((row) => [row.month, Number(row.total)]));
  },

  /** What has been given back of the gifts to a charity and its projects, in all. */
  async refundedToGiversOf(db: Executor, charityId: number): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${donationRefunds.amount}), 0)` })
      .from(donationRefunds)
      .innerJoin(donations, eq(donations.id, donationRefunds.donationId))
      .where(and(eq(donations.charityId, charityId), eq(donationRefunds.status, 'succeeded')));
    return Number(row?.total ?? 0);
  },
};

/** The amounts of the rows in `status` whose provider id is one of `ids`, by that id (a refund's, a dispute's). */
async function amountsByProviderId(
  db: Executor,
  columns: { providerId: AnyPgColumn; amount: AnyPgColumn; status: AnyPgColumn },
  status: string,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = (await db
    .select({ id: columns.providerId, amount: columns.amount })
    .from(columns.providerId.table)
    .where(and(inArray(columns.providerId, ids), eq(columns.status, status)))) as Array<{
    id: string;
    amount: number;
  }>;
  return new Map(rows.map((row) => [row.id, row.amount]));
}

/** What other modules may read of refunds (the charity's funds by month, reconciliation). */
export const refundsQueries = {
  /** Refunds that moved money through the provider between two moments: to a card, finished. */
  providerRefundsBetween(db: Executor, since: Date, until: Date) {
    return db
      .select({ providerRefundId: donationRefunds.providerRefundId, amount: donationRefunds.amount })
      .from(donationRefunds)
      .where(
        and(
          eq(donationRefunds.status, 'succeeded'),
          eq(donationRefunds.destination, 'card'),
          sql`${donationRefunds.providerRefundId} is not null`,
          gte(donationRefunds.completedAt, since),
          lt(donationRefunds.completedAt, until),
        ),
      );
  },
  byProviderRefundIds(db: Executor, ids: string[]): Promise<Map<string, number>> {
    const { providerRefundId: providerId, amount, status } = donationRefunds;
    return amountsByProviderId(db, { providerId, amount, status }, 'succeeded', ids);
  },
  /** Disputes lost between two moments (the bank took the money back), by the provider's dispute id. */
  lostDisputesBetween(db: Executor, since: Date, until: Date) {
    return db
      .select({ providerDisputeId: donationDisputes.providerDisputeId, amount: donationDisputes.amount })
      .from(donationDisputes)
      .where(
        and(
          eq(donationDisputes.status, 'lost'),
          gte(donationDisputes.closedAt, since),
          lt(donationDisputes.closedAt, until),
        ),
      );
  },
  lostDisputesByIds(db: Executor, ids: string[]): Promise<Map<string, number>> {
    const { providerDisputeId: providerId, amount, status } = donationDisputes;
    return amountsByProviderId(db, { providerId, amount, status }, 'lost', ids);
  },
  refundedByMonth: refundsRepository.refundedByMonth,
  /** What a charity's funds hold for direct gifts not yet delivered: not part of what it can be paid out. */
  undeliveredDirect: refundsRepository.undeliveredDirect,
};
