import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { actorRef, createdAt, serialId } from '../../db/columns.js';

/**
 * What platform admins did (decision 028): who, when, what, to what and why. Written inside the
 * transaction of the action itself, so an action and its entry land together or not at all.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    actorId: actorRef('actor_id'),
    /** What was done, e.g. `charity.lock`, `user.deactivate`, `project.mail`. */
    action: text('action').notNull(),
    /** user, business, charity, project, donation, group. */
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
  ],
);
