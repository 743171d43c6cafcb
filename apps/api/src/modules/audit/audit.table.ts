import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * What platform admins did (decision 028): who, when, what, to what and why. Written inside the
 * transaction of the action itself, so an action and its entry land together or not at all.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** What was done, e.g. `charity.lock`, `user.deactivate`, `project.mail`. */
    action: text('action').notNull(),
    /** user, business, charity, project, donation, group. */
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
  ],
);
