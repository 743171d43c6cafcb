import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { nameWords } from '../../db/word-search.js';
import { states } from '../places/places.table.js';

/** A person's name as it is searched: first and last (both never null). */
export const fullName = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }): SQL =>
  sql`${t.firstName} || ' ' || ${t.lastName}`;

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address: text('address'),
    nationalInsuranceNumber: text('national_insurance_number'),
    gender: text('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    phone: text('phone'),
    stateId: integer('state_id').references(() => states.id),
    city: text('city'),
    postCode: text('post_code'),
    isIicAdmin: boolean('is_iic_admin').notNull().default(false),
    /** Platform admin type: 1 Super Admin, 2 Admin, 99 Employee (read-only). */
    adminType: smallint('admin_type'),
    userDescription: text('user_description'),
    taxRefund: boolean('tax_refund').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    avatar: text('avatar'),
    isActive: boolean('is_active').notNull().default(false),
    /** Bumped on password change, email change and deletion: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Set when a platform admin deactivated the account: no sign-in until they activate it again. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt, t.id),
    // A message's recipient: active people by the start of the words of the name (decision 032).
    index('users_active_name_words_idx')
      .using('gin', nameWords(fullName(t)))
      .where(sql`${t.isActive} and ${t.deletedAt} is null`),
  ],
);

/** Single-use codes: account activation and password reset. Only a hash of the code is stored. */
export const userCodes = pgTable(
  'user_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activation', 'password_reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('user_codes_hash_uq').on(t.codeHash), index('user_codes_user_idx').on(t.userId)],
);

/** Failed sign-ins, counted per account and per address to rate limit guessing across processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);
