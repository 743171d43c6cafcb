import type { MailChoice, NotificationKind } from '@kindred/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countWhere } from '../../db/insert.js';
import { newestByIdRows } from '../../db/pages.js';
import type { IdKeyset } from '../../lib/pagination.js';
import { notificationPreferences, notifications } from './notifications.table.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'readAt'>;

/** SQL of notifications and preferences. Only the notifications module calls it. */
export const notificationsRepository = {
  /**
   * Writes the notifications of one event; a person already told of it is skipped (a handler run
   * twice). Answers the rows written now.
   */
  async insertMany(db: Executor, rows: NewNotification[]): Promise<NotificationRow[]> {
    if (rows.length === 0) return [];
    return db
      .insert(notifications)
      .values(rows)
      .onConflictDoNothing({ target: [notifications.eventId, notifications.userId] })
      .returning();
  },

  /** A person's notifications shown in the app, newest first. */
  page(db: Executor, userId: number, page: IdKeyset): Promise<NotificationRow[]> {
    return newestByIdRows(db, notifications, page, [
      eq(notifications.userId, userId),
      eq(notifications.inApp, true),
    ]);
  },

  async unreadCount(db: Executor, userId: number): Promise<number> {
    return countWhere(
      db,
      notifications,
      and(eq(notifications.userId, userId), eq(notifications.inApp, true), isNull(notifications.readAt)),
    );
  },

  /** Marks read the person's own unread notifications among `ids` (all of them when null); answers how many. */
  async markRead(db: Executor, userId: number, ids: number[] | null, at: Date): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: at })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids === null ? undefined : inArray(notifications.id, ids),
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  },

  /** The choices people made, by person then kind (a kind not chosen is absent). */
  async preferencesOf(
    db: Executor,
    userIds: number[],
  ): Promise<Map<number, Map<string, { inApp: boolean; mail: MailChoice }>>> {
    const found = new Map<number, Map<string, { inApp: boolean; mail: MailChoice }>>();
    if (userIds.length === 0) return found;
    const rows = await db
      .select()
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.userId, userIds));
    for (const row of rows) {
      const mine = found.get(row.userId) ?? new Map();
      mine.set(row.kind, { inApp: row.inApp, mail: row.mail });
      found.set(row.userId, mine);
    }
    return found;
  },

  /** Saves a person's choices for the kinds given. */
  async savePreferences(
    db: Executor,
    userId: number,
    choices: Array<{ kind: NotificationKind; inApp: boolean; mail: MailChoice }>,
  ): Promise<void> {
    if (choices.length === 0) return;
    await db
      .insert(notificationPreferences)
      .values(choices.map((choice) => ({ userId, ...choice })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { inApp: sql`excluded.in_app`, mail: sql`excluded.mail` },
      });
  },

  /** People with notifications waiting for their daily digest, a batch at a time. */
  async digestUsers(db: Executor, afterUserId: number, limit: number): Promise<number[]> {
    const rows = await db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.mail, 'digest'), sql`${notifications.userId} > ${afterUserId}`))
      .orderBy(asc(notifications.userId))
      .limit(limit);
    return rows.map((row) => row.userId);
  },

  /**
   * Takes a person's notifications waiting for the digest, oldest first, and marks them digested in
   * the same statement; a process already digesting them holds their rows, and this one skips them.
   */
  async takeDigest(db: Executor, userId: number): Promise<NotificationRow[]> {
    const waiting = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.mail, 'digest')))
      .for('update', { skipLocked: true });
    const rows = await db
      .update(notifications)
      .set({ mail: 'digested' })
      .where(inArray(notifications.id, waiting))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  },
};
