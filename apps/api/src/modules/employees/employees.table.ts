import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, parentRef, serialId, userRef } from '../../db/columns.js';
import { businesses } from '../organisations/organisations.table.js';

/**
 * An organisation's employee groups
 * (docs/product/organisations.md#employee-groups-and-the-csv-upload), each with sub-groups that
 * hold members.
 */
export const employeeGroups = pgTable(
  'employee_groups',
  {
    id: serialId(),
    businessId: parentRef('business_id', () => businesses.id, 'cascade'),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [index('employee_groups_business_idx').on(t.businessId)],
);

export const employeeSubGroups = pgTable(
  'employee_sub_groups',
  {
    id: serialId(),
    groupId: parentRef('group_id', () => employeeGroups.id, 'cascade'),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [index('employee_sub_groups_group_idx').on(t.groupId)],
);

export const employeeSubGroupMembers = pgTable(
  'employee_sub_group_members',
  {
    subGroupId: parentRef('sub_group_id', () => employeeSubGroups.id, 'cascade'),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subGroupId, t.userId] }),
    index('employee_sub_group_members_user_idx').on(t.userId),
  ],
);
