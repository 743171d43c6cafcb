import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

/**
 * What happened, one row per event, written in the transaction of the change it tells of
 * (docs/decisions/041-one-event-mechanism.md). This table is the record that notifications and
 * webhooks are built on.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('events_created_idx').on(t.createdAt)],
);

/**
 * The work after a commit that no process has taken yet (docs/decisions/053-events-dispatched-from-an-outbox.md):
 * an event whose listeners are still to run, or a task deferred by a change (the mail to send). A
 * row is written in the transaction of its change and deleted by the dispatcher in the transaction
 * that finishes its work; it holds no lock on anything shared and tells no one (no NOTIFY), so
 * changes that record events commit without waiting for each other.
 */
export const eventOutbox = pgTable('event_outbox', {
  /** The order the work is taken in. */
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  /** The event whose listeners are to run (its row in `events`), or null for a deferred task. */
  eventId: uuid('event_id'),
  /** The deferred task to run once (`notices.deliver`), or null for an event. */
  task: text('task'),
  /**
   * The event's listeners as the process that recorded it knew them: a dispatcher of another
   * version (a rolling deploy) runs those it knows and leaves the others as jobs for a process
   * that does.
   */
  listeners: text('listeners').array(),
});
