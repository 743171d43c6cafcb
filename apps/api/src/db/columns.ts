import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  text,
  timestamp,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core';
import { users } from '../modules/users/users.table.js';

/** Column helpers the table files share (each table still belongs to one module). */

/** PostgreSQL full-text search vector, kept by the database from the row's text. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A row's own number, given by the database. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A moment, with its time zone, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When a row was made: stamped by the app's clock, never defaulted by the database. */
export const createdAt = () => timestamptz('created_at').notNull();

/** When a row last changed: stamped by the app's clock. */
export const updatedAt = () => timestamptz('updated_at').notNull();

/** A row deleted by its owner keeps its place (its history stays) but leaves every list. */
export const deletedAt = () => timestamptz('deleted_at');

/** A person a row belongs to; the row goes with them. */
export const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A person who did something to a row; the row stays (with no one) when they are erased. */
export const actorRef = (name: string) =>
  bigint(name, { mode: 'number' }).references(() => users.id, { onDelete: 'set null' });

/** Who made the row; the row stays when they are erased. */
export const createdBy = () => actorRef('created_by');

/** The row this one always belongs to (never null), by its id. */
export const parentRef = (name: string, column: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(column, onDelete ? { onDelete } : {});

/** Approval of a business or charity applied for by a user; platform admins accept or reject. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** What charities and organisations both are called and say of themselves, first in their tables. */
export const accountIdentity = () => ({
  id: serialId(),
  name: text('name').notNull(),
  registrationNumber: text('registration_number'),
  description: text('description'),
});

/** A platform admin's review of a charity or organisation: locked, approved or rejected (and why). */
export const accountReview = () => ({
  lockStatus: boolean('lock_status').notNull().default(false),
  approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
  /** Why a platform admin rejected it (mailed to its admins). */
  rejectionReason: text('rejection_reason'),
});
