import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

/**
 * What happened, one row per event, written in the transaction of the change it tells of
 * (docs/decisions/041-one-event-mechanism.md). The handlers' work is queued beside it (the
 * graphile_worker schema); this table is the record that notifications and webhooks are built on.
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
