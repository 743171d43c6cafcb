import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { type CursorValue, decodeCursor } from '../../lib/pagination.js';
import {
  businessMemberships,
  charities,
  charityMemberships,
  projectMemberships,
  projects,
} from '../organisations/organisations.table.js';
import { users } from '../users/users.table.js';
import { projectDocuments, projectImages, projectImpacts, projectUpdates } from './projects.table.js';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;

export interface KeysetPage {
  limit: number;
  cursor?: CursorValue[] | undefined;
  before: boolean;
}

/** What each part of a keyset cursor must be: the list's sort key, part by part. */
export type CursorPart = 'text' | 'id' | 'number' | 'day' | 'time';

const CURSOR_PART: Record<CursorPart, (value: CursorValue) => boolean> = {
  text: (value) => typeof value === 'string' && value.length <= 1000,
  id: (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0,
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  day: (value) =>
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    value >= '0001-01-01' &&
    !Number.isNaN(Date.parse(value)),
  time: (value) =>
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(value) &&
    value >= '0001-01-01' &&
    !Number.isNaN(Date.parse(value)),
};

/**
 * A keyset cursor whose parts have the types the list sorts by. A cursor from another list, or
 * one made up by hand, is bad input (400): its values must never reach the database unchecked.
 */
export function typedCursor(cursor: string | undefined, parts: CursorPart[]): CursorValue[] | undefined {
  const value = decodeCursor(cursor, parts.length);
  if (value && !parts.every((part, i) => CURSOR_PART[part](value[i] as CursorValue))) {
    throw badRequest('The cursor is not valid.', { cursor: 'Not a cursor from this list.' });
  }
  return value;
}

/**
 * A timestamp as exact text (microseconds, UTC) for a cursor. A JavaScript Date keeps only
 * milliseconds, so a cursor made from one would skip or repeat rows created within the same millisecond.
 */
export const exactTime = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Newest first on (created_at, id) with an exact cursor from `exactTime`: `after` walks to older
 * rows, `before` to newer ones (ordered oldest first; `toPage` puts them back).
 */
export function newestFirstExact(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  cursor: CursorValue[] | undefined,
  before: boolean,
) {
  const conditions: SQL[] = [];
  if (cursor) {
    const [at, key] = cursor;
    conditions.push(
      before
        ? sql`(${createdAt}, ${id}) > (${String(at)}::timestamptz, ${Number(key)})`
        : sql`(${createdAt}, ${id}) < (${String(at)}::timestamptz, ${Number(key)})`,
    );
  }
  const order = before ? [asc(createdAt), asc(id)] : [desc(createdAt), desc(id)];
  return { conditions, order };
}

export const projectsRepository = {
  async find(db: Executor, id: number): Promise<ProjectRow | undefined> {
    const [row] = await db.select().from(projects).where(eq(projects.id, id));
    return row;
  },

  async findForUpdate(db: Executor, id: number): Promise<ProjectRow | undefined> {
    const [row] = await db.select().from(projects).where(eq(projects.id, id)).for('update');
    return row;
  },

  async insert(db: Executor, values: NewProject): Promise<ProjectRow> {
    const [row] = await db.insert(projects).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: Executor, id: number, values: Partial<NewProject>, now: Date): Promise<ProjectRow> {
    const [row] = await db
      .update(projects)
      .set({ ...values, updatedAt: now })
      .where(eq(projects.id, id))
      .returning();
    if (!row) throw new Error(`project ${id} vanished`);
    return row;
  },

  async charityNames(db: Executor, ids: number[]) {
    if (ids.length === 0) return new Map<number, { id: number; name: string; logo: string | null }>();
    const rows = await db
      .select({ id: charities.id, name: charities.name, logo: charities.logo })
      .from(charities)
      .where(inArray(charities.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** Newest first; each row comes with `cursorAt`, its exact creation time for the cursor. */
  async list(db: Executor, where: SQL | undefined, page: KeysetPage) {
    const keyset = newestFirstExact(projects.createdAt, projects.id, page.cursor, page.before);
    const rows = await db
      .select({ project: projects, cursorAt: exactTime(projects.createdAt) })
      .from(projects)
      .where(and(where, ...keyset.conditions))
      .orderBy(...keyset.order)
      .limit(page.limit);
    return rows.map(({ project, cursorAt }) => ({ ...project, cursorAt }));
  },

  async isProjectAdmin(db: Executor, projectId: number, userId: number) {
    const [row] = await db
      .select({ userId: projectMemberships.userId })
      .from(projectMemberships)
      .where(and(eq(projectMemberships.projectId, projectId), eq(projectMemberships.userId, userId)));
    return row !== undefined;
  },

  async charityRole(db: Executor, charityId: number, userId: number) {
    const [row] = await db
      .select({ adminType: charityMemberships.adminType, permissions: charityMemberships.permissions })
      .from(charityMemberships)
      .where(and(eq(charityMemberships.charityId, charityId), eq(charityMemberships.userId, userId)));
    return row;
  },

  async businessRole(db: Executor, businessId: number, userId: number) {
    const [row] = await db
      .select({ adminType: businessMemberships.adminType })
      .from(businessMemberships)
      .where(and(eq(businessMemberships.businessId, businessId), eq(businessMemberships.userId, userId)));
    return row;
  },

  async admins(db: Executor, projectId: number) {
    return db
      .select({
        user_id: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        email: users.email,
        admin_type: projectMemberships.adminType,
      })
      .from(projectMemberships)
      .innerJoin(users, eq(users.id, projectMemberships.userId))
      .where(eq(projectMemberships.projectId, projectId))
      .orderBy(asc(users.lastName), asc(users.id));
  },

  async addAdmin(db: Executor, projectId: number, userId: number) {
    await db.insert(projectMemberships).values({ projectId, userId, adminType: 1 }).onConflictDoNothing();
  },

  async removeAdmin(db: Executor, projectId: number, userId: number) {
    const removed = await db
      .delete(projectMemberships)
      .where(and(eq(projectMemberships.projectId, projectId), eq(projectMemberships.userId, userId)))
      .returning({ userId: projectMemberships.userId });
    return removed.length > 0;
  },

  async counts(db: Executor, projectId: number) {
    const [updates] = await db
      .select({ n: count() })
      .from(projectUpdates)
      .where(eq(projectUpdates.projectId, projectId));
    const [impacts] = await db
      .select({ n: count() })
      .from(projectImpacts)
      .where(eq(projectImpacts.projectId, projectId));
    return { updates: updates?.n ?? 0, impacts: impacts?.n ?? 0 };
  },

  /** Live projects whose end date has passed become Finished, in one statement (safe with several processes). */
  async finishExpired(db: Executor, today: string, now: Date): Promise<number> {
    const rows = await db
      .update(projects)
      .set({ status: 9, finishedReason: 'end_date', updatedAt: now })
      .where(and(eq(projects.status, 2), lt(projects.endDate, today)))
      .returning({ id: projects.id });
    return rows.length;
  },

  updates: projectUpdates,
  impacts: projectImpacts,
  images: projectImages,
  documents: projectDocuments,
};
