import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  actorRef,
  createdAt,
  createdBy,
  parentRef,
  serialId,
  timestamptz,
  userRef,
} from '../../db/columns.js';
import { businesses } from '../organisations/organisations.table.js';

export const groups = pgTable(
  'groups',
  {
    id: serialId(),
    name: text('name').notNull(),
    /** 1 Organisation, 2 Individual, 3 Franchise. */
    groupType: smallint('group_type').notNull(),
    businessId: bigint('business_id', { mode: 'number' }).references(() => businesses.id, {
      onDelete: 'cascade',
    }),
    description: text('description'),
    pin: text('pin').notNull(),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(true),
    logo: text('logo'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  // A PIN names one group (decision 026): joining by PIN must find exactly one.
  (t) => [uniqueIndex('groups_pin_uq').on(t.pin)],
);

export const groupMemberships = pgTable(
  'group_memberships',
  {
    groupId: parentRef('group_id', () => groups.id, 'cascade'),
    userId: userRef('user_id'),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_memberships_user_idx').on(t.userId)],
);

/**
 * Membership periods that ended (decision 026): a group's statistics count a member's giving from
 * joining to leaving. The current period of a member is their membership row (joined at its
 * `created_at`); leaving moves it here.
 */
export const groupMembershipPeriods = pgTable(
  'group_membership_periods',
  {
    id: serialId(),
    groupId: parentRef('group_id', () => groups.id, 'cascade'),
    userId: userRef('user_id'),
    joinedAt: timestamptz('joined_at').notNull(),
    leftAt: timestamptz('left_at').notNull(),
  },
  (t) => [index('group_membership_periods_group_idx').on(t.groupId, t.userId)],
);

/** People asking to join a group that requires approval: 1 Pending, 2 Accepted, 3 Declined. */
export const groupJoinRequests = pgTable(
  'group_join_requests',
  {
    id: serialId(),
    groupId: parentRef('group_id', () => groups.id, 'cascade'),
    userId: userRef('user_id'),
    status: smallint('status').notNull(),
    decidedBy: actorRef('decided_by'),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One pending request per person and group.
    uniqueIndex('group_join_requests_pending_uq').on(t.groupId, t.userId).where(sql`${t.status} = 1`),
    index('group_join_requests_user_idx').on(t.userId, t.status),
    index('group_join_requests_group_idx').on(t.groupId, t.status, t.id),
  ],
);

/**
 * Wrong PINs tried, per person and the address they came from, kept an hour: joining is refused
 * after too many for the person (decision 026) or for the address (decision 035).
 */
export const groupPinFailures = pgTable(
  'group_pin_failures',
  {
    id: serialId(),
    userId: userRef('user_id'),
    /** The caller's address; empty for failures recorded before addresses were kept. */
    ip: text('ip').notNull().default(''),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('group_pin_failures_user_idx').on(t.userId, t.at),
    index('group_pin_failures_ip_idx').on(t.ip, t.at),
  ],
);
