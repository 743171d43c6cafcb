import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../modules/users/users.table.js';

/** Column helpers the table files share (each table still belongs to one module). */

/** PostgreSQL full-text search vector, kept by the database from the row's text. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** When a row was made: stamped by the app's clock, never defaulted by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

/** A person a row belongs to; the row goes with them. */
export const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Approval of a business or charity applied for by a user; platform admins accept or reject. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
