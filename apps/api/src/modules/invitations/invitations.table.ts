import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { actorRef, createdAt, serialId, timestamptz, userRef } from '../../db/columns.js';
import { users } from '../users/users.table.js';

/**
 * Invitations by email to an organisation, charity, project or group
 * (docs/product/organisations.md#invitations-and-requests-to-join, decision 023): a single-use code
 * (only its hash is kept), bound to the invited email, valid for 14 days.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serialId(),
    codeHash: text('code_hash').notNull(),
    /** The invited email, lower case. */
    email: text('email').notNull(),
    targetType: text('target_type', { enum: ['business', 'charity', 'project', 'group'] }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    /** The role given on acceptance (organisations and charities). */
    adminType: smallint('admin_type'),
    /** An employee sub-group the person joins on acceptance (CSV onboarding). */
    subGroupId: bigint('sub_group_id', { mode: 'number' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled'] })
      .notNull()
      .default('pending'),
    invitedBy: actorRef('invited_by'),
    acceptedBy: bigint('accepted_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamptz('expires_at').notNull(),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_code_idx').on(t.codeHash),
    index('invitations_email_idx').on(t.email, t.status),
    index('invitations_target_idx').on(t.targetType, t.targetId, t.status),
  ],
);

/** Join requests to an organisation or charity: 1 Pending, 2 Accepted, 3 Declined, 4 Withdrawn. */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: serialId(),
    userId: userRef('user_id'),
    targetType: text('target_type', { enum: ['business', 'charity'] }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    message: text('message'),
    status: smallint('status').notNull().default(1),
    decidedBy: actorRef('decided_by'),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    /** One pending request per person and target. */
    uniqueIndex('join_requests_pending_idx')
      .on(t.userId, t.targetType, t.targetId)
      .where(sql`${t.status} = 1`),
    index('join_requests_target_idx').on(t.targetType, t.targetId, t.status, t.id),
  ],
);
