import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** PostgreSQL full-text search vector, kept by the database from the row's text. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();
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
    rejectionReason: text('rejection_reason'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Deleted charities keep their row (their history stays) but leave every list. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('english', coalesce(${charities.name}, '') || ' ' || coalesce(${charities.description}, ''))`,
    ),
  },
  (t) => [
    index('charities_approval_idx').on(t.approvalStatus),
    index('charities_name_idx').on(t.name, t.id),
    index('charities_search_idx').using('gin', t.search),
    index('charities_types_idx').using('gin', t.charityTypes),
    index('charities_location_idx').on(t.latitude, t.longitude),
  ],
);

/** A skill needed by a project: a skilled volunteering type (1-16) and the hours wanted. */
export interface SkillNeed {
  type: number;
  hours: number;
}
/** A gift needed by a project: a gift type (1-12), what exactly, and how many. */
export interface GiftNeed {
  type: number;
  description: string;
  quantity: number;
}

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
    postCode: text('post_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    logo: text('logo'),
    /** What the project needs. Funds in minor units. */
    fundsTarget: bigint('funds_target', { mode: 'number' }),
    volunteeringHours: integer('volunteering_hours'),
    volunteeringStart: date('volunteering_start', { mode: 'string' }),
    volunteeringEnd: date('volunteering_end', { mode: 'string' }),
    skillNeeds: jsonb('skill_needs').$type<SkillNeed[]>().notNull().default([]),
    giftNeeds: jsonb('gift_needs').$type<GiftNeed[]>().notNull().default([]),
    /** Kinds of giving needed (2 Funds, 3 Volunteering, 4 Skilled, 5 Gifts), skill and gift types: kept for filters. */
    givingKinds: integer('giving_kinds').array().notNull().default([]),
    skillTypes: integer('skill_types').array().notNull().default([]),
    giftTypes: integer('gift_types').array().notNull().default([]),
    /** Progress counters that donations keep up to date. */
    fundsRaised: bigint('funds_raised', { mode: 'number' }).notNull().default(0),
    donorsCount: integer('donors_count').notNull().default(0),
    volunteeringPledged: integer('volunteering_pledged').notNull().default(0),
    skilledPledged: integer('skilled_pledged').notNull().default(0),
    giftsPledged: integer('gifts_pledged').notNull().default(0),
    /** Why a project became Finished: its end date passed, or its impact statement was published. */
    finishedReason: text('finished_reason', { enum: ['end_date', 'impact'] }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('english', coalesce(${projects.title}, '') || ' ' || coalesce(${projects.summary}, '') || ' ' || coalesce(${projects.description}, ''))`,
    ),
  },
  (t) => [
    index('projects_charity_status_idx').on(t.charityId, t.status),
    index('projects_status_end_idx').on(t.status, t.endDate, t.id),
    index('projects_live_created_idx').on(t.status, t.createdAt, t.id),
    index('projects_owner_idx').on(t.ownerType, t.ownerId),
    index('projects_search_idx').using('gin', t.search),
    index('projects_kinds_idx').using('gin', t.givingKinds),
    index('projects_skills_idx').using('gin', t.skillTypes),
    index('projects_gifts_idx').using('gin', t.giftTypes),
    index('projects_types_idx').using('gin', t.charityTypes),
    index('projects_location_idx').on(t.status, t.latitude, t.longitude),
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
