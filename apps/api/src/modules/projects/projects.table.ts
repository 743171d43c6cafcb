import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  createdBy,
  parentRef,
  serialId,
  timestamptz,
  tsvector,
  updatedAt,
  userRef,
} from '../../db/columns.js';
import { nameWords } from '../../db/word-search.js';
import { charities } from '../charities/charities.table.js';

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

/**
 * A project's progress counters: on its row, and on each of its progress slots. Hours confirmed
 * are the volunteering and skilled hours the charity confirmed were given.
 */
const progressCounters = () => ({
  fundsRaised: bigint('funds_raised', { mode: 'number' }).notNull().default(0),
  donorsCount: integer('donors_count').notNull().default(0),
  volunteeringPledged: integer('volunteering_pledged').notNull().default(0),
  skilledPledged: integer('skilled_pledged').notNull().default(0),
  giftsPledged: integer('gifts_pledged').notNull().default(0),
  hoursConfirmed: integer('hours_confirmed').notNull().default(0),
});

export const projects = pgTable(
  'projects',
  {
    id: serialId(),
    charityId: bigint('charity_id', { mode: 'number' }).references(() => charities.id),
    /**
     * Owner kind, an owner type (docs/product/wire-contract.md#owner-types): 1 Individual, 2
     * Organisation, 3 Charity.
     */
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
    /** Progress counters that donations keep up to date (with the project's slots, below). */
    ...progressCounters(),
    /** Why a project became Finished: its end date passed, or its impact statement was published. */
    finishedReason: text('finished_reason', { enum: ['end_date', 'impact'] }),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamptz('published_at'),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('english', coalesce(${projects.title}, '') || ' ' || coalesce(${projects.summary}, '') || ' ' || coalesce(${projects.description}, ''))`,
    ),
  },
  (t) => [
    index('projects_charity_status_idx').on(t.charityId, t.status),
    index('projects_status_end_idx').on(t.status, t.endDate, t.id),
    index('projects_live_created_idx').on(t.status, t.createdAt, t.id),
    // Explore's "most supported" order (the landing page).
    index('projects_supported_idx').on(t.status, t.donorsCount, t.id),
    index('projects_owner_idx').on(t.ownerType, t.ownerId),
    index('projects_logo_idx').on(t.logo),
    index('projects_search_idx').using('gin', t.search),
    // A message's recipient: live projects by the start of the title's words (decision 032).
    index('projects_live_title_words_idx').using('gin', nameWords(t.title)).where(sql`${t.status} = 2`),
    index('projects_kinds_idx').using('gin', t.givingKinds),
    index('projects_skills_idx').using('gin', t.skillTypes),
    index('projects_gifts_idx').using('gin', t.giftTypes),
    index('projects_types_idx').using('gin', t.charityTypes),
    index('projects_location_idx').on(t.status, t.latitude, t.longitude),
  ],
);

export const projectMemberships = pgTable(
  'project_memberships',
  {
    projectId: parentRef('project_id', () => projects.id, 'cascade'),
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

/**
 * What gifts have added to a project's progress counters and the fold has not yet carried into its
 * row (docs/product/projects-and-charities.md#where-the-progress-is-kept): a handful of slots per project, so that many gifts to
 * one project at once add to different rows instead of queueing on the project's. A project's
 * progress is its row's counters plus its slots' sums, read in one statement.
 */
export const projectProgress = pgTable(
  'project_progress',
  {
    projectId: parentRef('project_id', () => projects.id, 'cascade'),
    /** The database connection's process id: two transactions at once never add to one slot. */
    slot: integer('slot').notNull(),
    ...progressCounters(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.slot] })],
);

/**
 * How many of a donor's donations to a project count in its progress (docs/product/projects-and-charities.md#where-the-progress-is-kept):
 * the donors count moves when this goes from 0 to 1 or back, decided in the statement that adds
 * to it, so two gifts at once by one donor count them once.
 */
export const projectDonors = pgTable(
  'project_donors',
  {
    projectId: parentRef('project_id', () => projects.id, 'cascade'),
    donorType: text('donor_type', { enum: ['user', 'business', 'guest'] }).notNull(),
    donorId: bigint('donor_id', { mode: 'number' }).notNull(),
    counted: integer('counted').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.donorType, t.donorId] })],
);

const projectRef = () => parentRef('project_id', () => projects.id, 'cascade');

/** News a project posts for its supporters. */
export const projectUpdates = pgTable(
  'project_updates',
  {
    id: serialId(),
    projectId: projectRef(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('project_updates_project_idx').on(t.projectId, t.createdAt, t.id)],
);

/** What a project achieved; publishing one finishes the project. */
export const projectImpacts = pgTable(
  'project_impacts',
  {
    id: serialId(),
    projectId: projectRef(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    beneficiaries: integer('beneficiaries'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('project_impacts_project_idx').on(t.projectId, t.createdAt, t.id),
    // The file route finds an impact picture's project (decision 035).
    index('project_impacts_images_idx').using('gin', sql`${t.images} jsonb_path_ops`),
  ],
);

export const projectImages = pgTable(
  'project_images',
  {
    id: serialId(),
    projectId: projectRef(),
    url: text('url').notNull(),
    caption: text('caption'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('project_images_project_idx').on(t.projectId, t.id),
    index('project_images_url_idx').on(t.url),
  ],
);

export const projectDocuments = pgTable(
  'project_documents',
  {
    id: serialId(),
    projectId: projectRef(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('project_documents_project_idx').on(t.projectId, t.id),
    index('project_documents_url_idx').on(t.url),
  ],
);
