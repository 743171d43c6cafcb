import { bigint, date, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { actorRef, createdAt, parentRef, serialId, timestamptz } from '../../db/columns.js';
import { projects } from '../projects/projects.table.js';

/** Expiry reminders platform admins mailed: at most one per project per day. */
export const projectReminders = pgTable(
  'admin_project_reminders',
  {
    id: serialId(),
    projectId: parentRef('project_id', () => projects.id, 'cascade'),
    day: date('day', { mode: 'string' }).notNull(),
    sentBy: actorRef('sent_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_project_reminders_day_uq').on(t.projectId, t.day)],
);

/**
 * The platform statistics, precomputed by day (decision 028): each figure's value on each day with
 * activity. A range's figure and its months are sums over these rows, so every call stays fast
 * however many donations there are. The scheduler recomputes them from the owners' queries.
 */
export const statisticsDaily = pgTable(
  'admin_statistics_daily',
  {
    name: text('name').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.day] })],
);

/** When the statistics were last computed. */
export const statisticsRuns = pgTable('admin_statistics_runs', {
  id: serialId(),
  computedAt: timestamptz('computed_at').notNull(),
});
