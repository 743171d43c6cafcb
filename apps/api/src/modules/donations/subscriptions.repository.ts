import { and, asc, desc, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { exactTime, type Keyset, newestFirst } from '../../lib/pagination.js';
import type { SUBSCRIBER_TYPES } from './donations.table.js';

type SubscriberType = (typeof SUBSCRIBER_TYPES)[number];

import { firstWhere, insertOne, lockedWhere, updateOne, updateWhere } from '../../db/insert.js';
import { donationSubscriptions, subscriptionRetries } from './donations.table.js';

export type SubscriptionRow = typeof donationSubscriptions.$inferSelect;
export type NewSubscription = typeof donationSubscriptions.$inferInsert;
export type RetryRow = typeof subscriptionRetries.$inferSelect;

/** A page of the subscriptions that match, newest first, each with its exact time for the cursor. */
function newestSubscriptions(db: Executor, where: SQL | undefined, page: Keyset) {
  const { conditions, order } = newestFirst(
    donationSubscriptions.createdAt,
    donationSubscriptions.id,
    page.cursor,
    page.before,
  );
  return db
    .select({ subscription: donationSubscriptions, at: exactTime(donationSubscriptions.createdAt) })
    .from(donationSubscriptions)
    .where(and(where, ...conditions))
    .orderBy(...order)
    .limit(page.limit + 1);
}

export const subscriptionsRepository = {
  async insert(db: Executor, values: NewSubscription): Promise<SubscriptionRow> {
    return insertOne(db, donationSubscriptions, values);
  },

  async update(db: Executor, id: number, values: Partial<NewSubscription>): Promise<SubscriptionRow> {
    return updateOne(db, donationSubscriptions, id, values);
  },

  async find(db: Executor, id: number): Promise<SubscriptionRow | undefined> {
    return firstWhere(db, donationSubscriptions, eq(donationSubscriptions.id, id));
  },

  async lock(db: Executor, id: number): Promise<SubscriptionRow | undefined> {
    return lockedWhere(db, donationSubscriptions, eq(donationSubscriptions.id, id));
  },

  async list(db: Executor, donor: { type: SubscriberType; id: number }, page: Keyset) {
    return newestSubscriptions(
      db,
      and(eq(donationSubscriptions.donorType, donor.type), eq(donationSubscriptions.donorId, donor.id)),
      page,
    );
  },

  /** Subscriptions that will give again (for the future donations list). */
  async running(db: Executor, donor: { type: SubscriberType; id: number }) {
    return db
      .select()
      .from(donationSubscriptions)
      .where(
        and(
          eq(donationSubscriptions.donorType, donor.type),
          eq(donationSubscriptions.donorId, donor.id),
          inArray(donationSubscriptions.status, ['active', 'failing']),
          isNotNull(donationSubscriptions.nextDate),
        ),
      )
      .orderBy(asc(donationSubscriptions.nextDate), asc(donationSubscriptions.id));
  },

  /** Due subscriptions, claimed for this process (others skip them until it commits). */
  async claimDue(db: Executor, today: string, limit: number) {
    return db
      .select()
      .from(donationSubscriptions)
      .where(
        and(
          inArray(donationSubscriptions.status, ['active', 'failing']),
          lte(donationSubscriptions.nextDate, today),
        ),
      )
      .orderBy(asc(donationSubscriptions.nextDate), asc(donationSubscriptions.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async endForProject(db: Executor, projectId: number, at: Date) {
    await db
      .update(donationSubscriptions)
      .set({ status: 'cancelled', nextDate: null, updatedAt: at })
      .where(
        and(
          eq(donationSubscriptions.projectId, projectId),
          inArray(donationSubscriptions.status, ['active', 'paused', 'failing']),
        ),
      );
  },

  async insertRetry(db: Executor, values: typeof subscriptionRetries.$inferInsert) {
    await db.insert(subscriptionRetries).values(values).onConflictDoNothing();
  },

  async claimDueRetries(db: Executor, now: Date, limit: number): Promise<RetryRow[]> {
    return db
      .select()
      .from(subscriptionRetries)
      .where(and(eq(subscriptionRetries.status, 'open'), lte(subscriptionRetries.nextAttemptAt, now)))
      .orderBy(asc(subscriptionRetries.nextAttemptAt), asc(subscriptionRetries.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /** A subscription's unpaid periods still to retry, locked for a try now (a changed card). */
  claimOpenRetriesOf(db: Executor, subscriptionId: number): Promise<RetryRow[]> {
    return db
      .select()
      .from(subscriptionRetries)
      .where(
        and(eq(subscriptionRetries.subscriptionId, subscriptionId), eq(subscriptionRetries.status, 'open')),
      )
      .orderBy(asc(subscriptionRetries.period))
      .for('update', { skipLocked: true });
  },

  /** The oldest unpaid period still to retry of each subscription, for showing it. */
  async openRetries(db: Executor, subscriptionIds: number[]): Promise<Map<number, RetryRow>> {
    if (subscriptionIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(subscriptionRetries)
      .where(
        and(
          inArray(subscriptionRetries.subscriptionId, subscriptionIds),
          eq(subscriptionRetries.status, 'open'),
        ),
      )
      .orderBy(desc(subscriptionRetries.period));
    return new Map(rows.map((row) => [row.subscriptionId, row]));
  },

  async updateRetry(db: Executor, id: number, values: Partial<typeof subscriptionRetries.$inferInsert>) {
    await db.update(subscriptionRetries).set(values).where(eq(subscriptionRetries.id, id));
  },

  async countRunning(db: Executor) {
    const [row] = await db
      .select({ count: sql<string>`count(*)` })
      .from(donationSubscriptions)
      .where(inArray(donationSubscriptions.status, ['active', 'failing']));
    return Number(row?.count ?? 0);
  },
};

/** What other modules read of recurring donations: an organisation's (decision 024). */
export const subscriptionsQueries = {
  /** The subscriptions of these organisations, newest first, keyset paged. */
  async ofBusinesses(db: Executor, ids: number[], page: Keyset) {
    return newestSubscriptions(
      db,
      and(
        eq(donationSubscriptions.donorType, 'business'),
        ids.length > 0 ? inArray(donationSubscriptions.donorId, ids) : sql`false`,
      ),
      page,
    );
  },

  /** The running subscriptions of these organisations with a next date, soonest first. */
  async runningOfBusinesses(db: Executor, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(donationSubscriptions)
      .where(
        and(
          eq(donationSubscriptions.donorType, 'business'),
          inArray(donationSubscriptions.donorId, ids),
          inArray(donationSubscriptions.status, ['active', 'failing']),
          isNotNull(donationSubscriptions.nextDate),
        ),
      )
      .orderBy(asc(donationSubscriptions.nextDate), asc(donationSubscriptions.id))
      .limit(500);
  },

  find: (db: Executor, id: number) => subscriptionsRepository.find(db, id),
};

/** What other modules may write in the subscriptions table (decision 010). */
export const subscriptionsWrites = {
  /** Cancels one subscription: no more periods are created (no money moves). */
  async cancel(db: Executor, id: number, at: Date) {
    return updateWhere(
      db,
      donationSubscriptions,
      { status: 'cancelled', nextDate: null, updatedAt: at },
      eq(donationSubscriptions.id, id),
    );
  },
};
