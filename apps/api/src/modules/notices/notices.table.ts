import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestamptz } from '../../db/columns.js';

/**
 * Notices waiting to be mailed: a receipt, a decision, a failed payment. Each is written in the
 * transaction of the change it tells of, so the mail exists exactly when the change does, and is
 * delivered afterwards by whichever API process claims it (docs/decisions/015-queued-notices.md).
 */
export const queuedNotices = pgTable(
  'queued_notices',
  {
    id: serialId(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Mail headers of its own: a notification's List-Unsubscribe (docs/product/notifications.md). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    /** When a process may (next) try to deliver it: now when queued, later after a failure or a claim. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamptz('sent_at'),
    /** Set when the last attempt failed for good: the notice stays for the record. */
    gaveUpAt: timestamptz('gave_up_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('queued_notices_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
  ],
);
