import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Approval of a business or charity applied for by a user; platform admins accept or reject. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const businesses = pgTable(
  'businesses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    registrationNumber: text('registration_number'),
    description: text('description'),
    isFranchise: boolean('is_franchise').notNull().default(false),
    parentId: bigint('parent_id', { mode: 'number' }),
    lockStatus: boolean('lock_status').notNull().default(false),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    logo: text('logo'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('businesses_parent_idx').on(t.parentId)],
);

export const charities = pgTable(
  'charities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    registrationNumber: text('registration_number'),
    description: text('description'),
    charityTypes: integer('charity_types').array().notNull().default([]),
    website: text('website'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    postCode: text('post_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    logo: text('logo'),
    lockStatus: boolean('lock_status').notNull().default(false),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('charities_approval_idx').on(t.approvalStatus)],
);

export const projects = pgTable(
  'projects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    charityId: bigint('charity_id', { mode: 'number' }).references(() => charities.id),
    /** Owner kind, "Account kinds, reading B": 1 Individual, 2 Organisation, 3 Charity. */
    ownerType: smallint('owner_type').notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    description: text('description'),
    /** 0 Cancelled, 1 Draft, 2 Live, 3 Completed, 9 Finished. */
    status: smallint('status').notNull().default(1),
    /** Association with the charity: 1 New, 2 Pending, 3 Rejected, 4 Accepted, 5 Charity Project. */
    associationStatus: smallint('association_status').notNull().default(5),
    charityTypes: integer('charity_types').array().notNull().default([]),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    city: text('city'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    logo: text('logo'),
    createdAt: createdAt(),
  },
  (t) => [
    index('projects_charity_status_idx').on(t.charityId, t.status),
    index('projects_status_end_idx').on(t.status, t.endDate),
  ],
);

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

export const businessMemberships = pgTable(
  'business_memberships',
  {
    businessId: bigint('business_id', { mode: 'number' })
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    /** 1 Super Admin, 2 Admin, 99 Employee. */
    adminType: smallint('admin_type').notNull().default(99),
    isSignoffAdmin: boolean('is_signoff_admin').notNull().default(false),
    permissions: text('permissions').array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.userId] }),
    index('business_memberships_user_idx').on(t.userId),
  ],
);

export const charityMemberships = pgTable(
  'charity_memberships',
  {
    charityId: bigint('charity_id', { mode: 'number' })
      .notNull()
      .references(() => charities.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    /** 1 Super Admin (charity admin), 2 Admin, 99 Member. */
    adminType: smallint('admin_type').notNull().default(99),
    permissions: text('permissions').array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.charityId, t.userId] }),
    index('charity_memberships_user_idx').on(t.userId),
  ],
);

export const projectMemberships = pgTable(
  'project_memberships',
  {
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    /** Project admin type: 1 Admin. */
    adminType: smallint('admin_type').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_memberships_user_idx').on(t.userId),
  ],
);

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
