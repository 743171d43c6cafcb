import { bigint, bigserial, boolean, index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from '../../db/columns.js';
import { businesses } from '../organisations/organisations.table.js';
import { users } from '../users/users.table.js';

export const groups = pgTable('groups', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
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
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const groupMemberships = pgTable(
  'group_memberships',
  {
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_memberships_user_idx').on(t.userId)],
);
