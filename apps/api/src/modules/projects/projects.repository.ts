import { PROJECT_ADMIN_TYPE, PROJECT_STATUS } from '@kindred/shared';
import { and, asc, count, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor, Unstamped } from '../../db/client.js';
import { type CursorValue, exactTime, newestFirst } from '../../lib/pagination.js';
import { charities } from '../charities/charities.table.js';
import { users } from '../users/users.table.js';
import {
  projectDocuments,
  projectImages,
  projectImpacts,
  projectMemberships,
  projects,
  projectUpdates,
} from './projects.table.js';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;

export interface KeysetPage {
  limit: number;
  cursor?: CursorValue[] | undefined;
  before: boolean;
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

  async insert(db: Executor, values: Unstamped<NewProject>, now: Date): Promise<ProjectRow> {
    const [row] = await db
      .insert(projects)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
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
    const keyset = newestFirst(projects.createdAt, projects.id, page.cursor, page.before);
    const rows = await db
      .select({ project: projects, cursorAt: exactTime(projects.createdAt) })
      .from(projects)
      .where(and(where, ...keyset.conditions))
      .orderBy(...keyset.order)
      .limit(page.limit);
    return rows.map(({ project, cursorAt }) => ({ ...project, cursorAt }));
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

  async addAdmin(db: Executor, projectId: number, userId: number, now: Date) {
    await db
      .insert(projectMemberships)
      .values({ projectId, userId, adminType: PROJECT_ADMIN_TYPE.admin, createdAt: now })
      .onConflictDoNothing();
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
      .set({ status: PROJECT_STATUS.finished, finishedReason: 'end_date', updatedAt: now })
      .where(and(eq(projects.status, 2), lt(projects.endDate, today)))
      .returning({ id: projects.id });
    return rows.length;
  },

  updates: projectUpdates,
  impacts: projectImpacts,
  images: projectImages,
  documents: projectDocuments,
};

/** What other modules may read or change of a project (the donations module keeps its progress). */
export const projectsQueries = {
  /** The project, locked until the caller's transaction ends (giving checks its needs under it). */
  lock(db: Executor, id: number): Promise<ProjectRow | undefined> {
    return projectsRepository.findForUpdate(db, id);
  },

  find(db: Executor, id: number): Promise<ProjectRow | undefined> {
    return projectsRepository.find(db, id);
  },

  async titles(db: Executor, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: projects.id, title: projects.title })
      .from(projects)
      .where(inArray(projects.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row.title]));
  },

  /** Moves the progress counters by the given amounts (negative to take back). */
  async addProgress(db: Executor, id: number, delta: ProjectProgressDelta): Promise<void> {
    const add = (column: AnyPgColumn, by: number | undefined) => sql`${column} + ${by ?? 0}`;
    await db
      .update(projects)
      .set({
        fundsRaised: add(projects.fundsRaised, delta.funds),
        donorsCount: add(projects.donorsCount, delta.donors),
        volunteeringPledged: add(projects.volunteeringPledged, delta.volunteering),
        skilledPledged: add(projects.skilledPledged, delta.skilled),
        giftsPledged: add(projects.giftsPledged, delta.gifts),
        hoursConfirmed: add(projects.hoursConfirmed, delta.confirmed),
      })
      .where(eq(projects.id, id));
  },
};

export interface ProjectProgressDelta {
  funds?: number;
  donors?: number;
  volunteering?: number;
  skilled?: number;
  gifts?: number;
  confirmed?: number;
}
