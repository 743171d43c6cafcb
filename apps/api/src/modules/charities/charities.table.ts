import { type SQL, sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import {
  accountIdentity,
  accountReview,
  createdAt,
  createdBy,
  deletedAt,
  parentRef,
  tsvector,
  updatedAt,
  userRef,
} from '../../db/columns.js';
import { nameWords } from '../../db/word-search.js';

export const charities = pgTable(
  'charities',
  {
    ...accountIdentity(),
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
    ...accountReview(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Deleted charities keep their row (their history stays) but leave every list. */
    deletedAt: deletedAt(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('english', coalesce(${charities.name}, '') || ' ' || coalesce(${charities.description}, ''))`,
    ),
  },
  (t) => [
    index('charities_approval_idx').on(t.approvalStatus),
    index('charities_name_idx').on(t.name, t.id),
    index('charities_search_idx').using('gin', t.search),
    // A message's recipient, by the start of the name's words (decision 032).
    index('charities_name_words_idx').using('gin', nameWords(t.name)),
    index('charities_types_idx').using('gin', t.charityTypes),
    index('charities_location_idx').on(t.latitude, t.longitude),
  ],
);

export const charityMemberships = pgTable(
  'charity_memberships',
  {
    charityId: parentRef('charity_id', () => charities.id, 'cascade'),
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
