import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { APPROVAL_STATUSES, createdAt, tsvector, userRef } from '../../db/columns.js';
import { nameWords } from '../../db/word-search.js';
import { users } from '../users/users.table.js';

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
    // A message's recipient, by the start of the name's words (decision 032).
    index('charities_name_words_idx').using('gin', nameWords(t.name)),
    index('charities_types_idx').using('gin', t.charityTypes),
    index('charities_location_idx').on(t.latitude, t.longitude),
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
