import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestamptz, userRef } from '../../db/columns.js';

/**
 * What a person was told (docs/product/notifications.md): one row per person per event, written by
 * the event's handler after the change committed. The unique (event, person) pair makes a handler
 * that runs twice tell once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    userId: userRef('user_id'),
    eventId: uuid('event_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    /** The account the person was told as one of the admins of (charity or business), if any. */
    accountType: text('account_type', { enum: ['charity', 'business'] }),
    accountId: bigint('account_id', { mode: 'number' }),
    accountName: text('account_name'),
    /** Shown in the app: false when the person turned this kind off in the app (kept for the digest). */
    inApp: boolean('in_app').notNull(),
    /** Its mail: `none`, `digest` (waits for the daily digest) or `digested`. Mail now is queued at once. */
    mail: text('mail', { enum: ['none', 'digest', 'digested'] }).notNull(),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_event_user_idx').on(t.eventId, t.userId),
    index('notifications_user_idx').on(t.userId, t.id).where(sql`${t.inApp}`),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.inApp} and ${t.readAt} is null`),
    index('notifications_digest_idx').on(t.userId, t.id).where(sql`${t.mail} = 'digest'`),
  ],
);

/** A person's choice for a kind of notification; a kind with no row has its default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: userRef('user_id'),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    mail: text('mail', { enum: ['now', 'daily', 'off'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
