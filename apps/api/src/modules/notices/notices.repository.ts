import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedText } from '../../db/prepared.js';
import { queuedNotices } from './notices.table.js';

export type NoticeRow = typeof queuedNotices.$inferSelect;

/**
 * A notice is queued in the transaction of the change it tells of (a gift's receipt), with the
 * outbox row that wakes its deliverer after the commit: the database's `notice_queue` (migration
 * 0036), one statement.
 */
const queueOne = preparedText<never>('notices_queue', 'select notice_queue($1, $2, $3, $4::jsonb, $5, $6)');

/** SQL of the queued notices. Only the notices module calls it. */
export const noticesRepository = {
  async queue(
    db: Executor,
    notice: { to: string; subject: string; text: string; headers?: Record<string, string> | undefined },
    at: Date,
    deliverTask: string,
  ): Promise<void> {
    const headers = notice.headers ? JSON.stringify(notice.headers) : null;
    await queueOne(db, [notice.to, notice.subject, notice.text, headers, at, deliverTask]);
  },

  /**
   * Claims up to `limit` notices due at `now` for one delivery attempt: each is leased until
   * `leaseUntil` (another process skips it, and takes it again after the lease if this one never
   * reports back) and counted as an attempt. `skip locked` lets several processes claim at once.
   */
  async claimDue(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<NoticeRow[]> {
    const due = db
      .select({ id: queuedNotices.id })
      .from(queuedNotices)
      .where(
        and(
          isNull(queuedNotices.sentAt),
          isNull(queuedNotices.gaveUpAt),
          lte(queuedNotices.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(queuedNotices.nextAttemptAt), asc(queuedNotices.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(queuedNotices)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${queuedNotices.attempts} + 1` })
      .where(inArray(queuedNotices.id, due))
      .returning();
  },

  async markSent(db: Executor, id: number, at: Date): Promise<void> {
    await db.update(queuedNotices).set({ sentAt: at, lastError: null }).where(eq(queuedNotices.id, id));
  },

  /** A failed attempt: tried again at `retryAt`, or kept as given up when `retryAt` is null. */
  async markFailed(db: Executor, id: number, error: string, retryAt: Date | null, at: Date): Promise<void> {
    await db
      .update(queuedNotices)
      .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, gaveUpAt: at })
      .where(eq(queuedNotices.id, id));
  },
};
