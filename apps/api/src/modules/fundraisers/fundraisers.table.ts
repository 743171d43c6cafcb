import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  actorRef,
  createdAt,
  parentRef,
  serialId,
  timestamptz,
  updatedAt,
  userRef,
} from '../../db/columns.js';
import { charities } from '../charities/charities.table.js';
import { groups } from '../groups/groups.table.js';
import { businesses } from '../organisations/organisations.table.js';
import { projects } from '../projects/projects.table.js';

/**
 * Fundraising pages (docs/product/fundraising-pages.md): a person's page for a project or a charity,
 * alone, in a group's team or for an organisation. `raised` and `gifts` are the gifts counted through
 * it, moved with the gift's own counting (donations' flow), in the gift's transaction.
 */
export const fundraisers = pgTable(
  'fundraisers',
  {
    id: serialId(),
    /** The person who opened the page; the page goes with them when they are erased. */
    userId: userRef('user_id'),
    groupId: bigint('group_id', { mode: 'number' }).references(() => groups.id, { onDelete: 'set null' }),
    businessId: bigint('business_id', { mode: 'number' }).references(() => businesses.id, {
      onDelete: 'set null',
    }),
    /** A project's page names its project and the project's charity; a charity's page, the charity alone. */
    projectId: bigint('project_id', { mode: 'number' }).references(() => projects.id, {
      onDelete: 'cascade',
    }),
    charityId: parentRef('charity_id', () => charities.id, 'cascade'),
    title: text('title').notNull(),
    story: text('story').notNull(),
    picture: text('picture'),
    target: bigint('target', { mode: 'number' }).notNull(),
    endDate: date('end_date').notNull(),
    raised: bigint('raised', { mode: 'number' }).notNull().default(0),
    gifts: integer('gifts').notNull().default(0),
    hiddenAt: timestamptz('hidden_at'),
    hiddenBy: actorRef('hidden_by'),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('fundraisers_user_idx').on(t.userId, t.createdAt, t.id),
    index('fundraisers_group_idx').on(t.groupId),
    index('fundraisers_project_idx').on(t.projectId, t.raised),
    index('fundraisers_charity_idx').on(t.charityId, t.createdAt, t.id),
    check('fundraisers_target_positive', sql`${t.target} > 0`),
    check('fundraisers_counts_not_negative', sql`${t.raised} >= 0 and ${t.gifts} >= 0`),
  ],
);

/** A fundraiser's news on their page, newest first. */
export const fundraiserPosts = pgTable(
  'fundraiser_posts',
  {
    id: serialId(),
    fundraiserId: parentRef('fundraiser_id', () => fundraisers.id, 'cascade'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fundraiser_posts_fundraiser_idx').on(t.fundraiserId, t.createdAt, t.id)],
);
