import { ASSOCIATION_STATUS, OWNER_TYPE, PROJECT_ADMIN_TYPE, PROJECT_STATUS } from '@kindred/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { membershipsOfUser } from '../../db/account-memberships.js';
import type { Executor } from '../../db/client.js';
import { firstWhere, namesById, stampedWrites } from '../../db/insert.js';
import { newestRows } from '../../db/pages.js';
import { prepared } from '../../db/prepared.js';
import { matchesWords, WORD_SEARCH_CANDIDATES, wordPrefixQuery } from '../../db/word-search.js';
import { exactTime, type Keyset, newestFirst } from '../../lib/pagination.js';
import { likePattern } from '../../lib/text.js';
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

/** The lists of projects the service pages through, each named by who asks. */
export type ProjectList =
  /** A charity's own projects (accepted or its own), in one status or all. */
  | { of: 'charity'; charityId: number; status?: number | undefined }
  /** A charity's projects Finished by their end date. */
  | { of: 'charity-expired'; charityId: number }
  /** Projects a person owns or helps run. */
  | { of: 'user'; userId: number }
  /** An organisation's projects. */
  | { of: 'business'; businessId: number }
  /** Projects asking a charity to take them. */
  | { of: 'association-requests'; charityId: number };

const OWN_PROJECT = [ASSOCIATION_STATUS.accepted, ASSOCIATION_STATUS.charityProject];

function whereOf(list: ProjectList): SQL | undefined {
  switch (list.of) {
    case 'charity':
      return and(
        eq(projects.charityId, list.charityId),
        inArray(projects.associationStatus, OWN_PROJECT),
        list.status === undefined ? undefined : eq(projects.status, list.status),
      );
    case 'charity-expired':
      return and(
        eq(projects.charityId, list.charityId),
        inArray(projects.associationStatus, OWN_PROJECT),
        eq(projects.status, PROJECT_STATUS.finished),
        eq(projects.finishedReason, 'end_date'),
      );
    case 'user':
      return or(
        and(eq(projects.ownerType, OWNER_TYPE.individual), eq(projects.ownerId, list.userId)),
        inArray(
          projects.id,
          sql`(select ${projectMemberships.projectId} from ${projectMemberships} where ${projectMemberships.userId} = ${list.userId})`,
        ),
      );
    case 'business':
      return and(eq(projects.ownerType, OWNER_TYPE.organisation), eq(projects.ownerId, list.businessId));
    case 'association-requests':
      return and(
        eq(projects.charityId, list.charityId),
        eq(projects.associationStatus, ASSOCIATION_STATUS.pending),
      );
  }
}

export const projectsRepository = {
  async find(db: Executor, id: number): Promise<ProjectRow | undefined> {
    return firstWhere(db, projects, eq(projects.id, id));
  },

  async findForUpdate(db: Executor, id: number): Promise<ProjectRow | undefined> {
    const [row] = await lockProject(db, { id });
    return row;
  },

  ...stampedWrites(projects),

  /** One of the named lists, newest first; each row comes with `cursorAt`, its exact creation time for the cursor. */
  async list(db: Executor, list: ProjectList, page: Keyset) {
    const keyset = newestFirst(projects.createdAt, projects.id, page.cursor, page.before);
    const rows = await db
      .select({ project: projects, cursorAt: exactTime(projects.createdAt) })
      .from(projects)
      .where(and(whereOf(list), ...keyset.conditions))
      .orderBy(...keyset.order)
      .limit(page.limit);
    return rows.map(({ project, cursorAt }) => ({ ...project, cursorAt }));
  },

  /**
   * Deletes a project with its rows (the content tables cascade) and answers the stored files they
   * named, for the caller to delete after the commit. Run it inside a transaction.
   */
  async removeWithFiles(tx: Executor, id: number, logo: string | null): Promise<string[]> {
    // One connection in a transaction: one query at a time.
    const images = await tx
      .select({ url: projectImages.url })
      .from(projectImages)
      .where(eq(projectImages.projectId, id));
    const documents = await tx
      .select({ url: projectDocuments.url })
      .from(projectDocuments)
      .where(eq(projectDocuments.projectId, id));
    const impacts = await tx
      .select({ images: projectImpacts.images })
      .from(projectImpacts)
      .where(eq(projectImpacts.projectId, id));
    await tx.delete(projects).where(eq(projects.id, id));
    return [
      ...(logo ? [logo] : []),
      ...images.map((i) => i.url),
      ...documents.map((d) => d.url),
      ...impacts.flatMap((i) => i.images),
    ];
  },

  /** The project's admins (the people are the users module's). */
  admins(db: Executor, projectId: number) {
    return db
      .select({ userId: projectMemberships.userId, adminType: projectMemberships.adminType })
      .from(projectMemberships)
      .where(eq(projectMemberships.projectId, projectId));
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
  /** Live projects whose end date has passed become finished; answers which. */
  async finishExpired(db: Executor, today: string, now: Date) {
    return db
      .update(projects)
      .set({ status: PROJECT_STATUS.finished, finishedReason: 'end_date', updatedAt: now })
      .where(and(eq(projects.status, 2), lt(projects.endDate, today)))
      .returning({ id: projects.id, charityId: projects.charityId });
  },

  /** A deleted account is no longer a project admin. */
  async removeUserMemberships(db: Executor, userId: number) {
    await db.delete(projectMemberships).where(eq(projectMemberships.userId, userId));
  },
};

/** What other modules ask of the projects. */
// The statements of a gift (db/prepared.ts): built once, run on every gift.
const lockProject = prepared('projects_lock', (db) =>
  db
    .select()
    .from(projects)
    .where(eq(projects.id, sql.placeholder('id')))
    .for('update'),
);
const addProgress = prepared('projects_add_progress', (db) => {
  const add = (column: AnyPgColumn, name: string) => sql`${column} + ${sql.placeholder(name)}`;
  return db
    .update(projects)
    .set({
      fundsRaised: add(projects.fundsRaised, 'funds'),
      donorsCount: add(projects.donorsCount, 'donors'),
      volunteeringPledged: add(projects.volunteeringPledged, 'volunteering'),
      skilledPledged: add(projects.skilledPledged, 'skilled'),
      giftsPledged: add(projects.giftsPledged, 'gifts'),
      hoursConfirmed: add(projects.hoursConfirmed, 'confirmed'),
    })
    .where(eq(projects.id, sql.placeholder('id')));
});

/** The folders of `/api/files/` whose files belong to a project (decision 035). */
export const PROJECT_FILE_FOLDERS = ['gallery', 'documents', 'impact'] as const;

export const projectsQueries = {
  /**
   * The project an uploaded file belongs to (its URL as stored, `/api/files/<folder>/<name>`): a
   * gallery picture, a document, an impact statement's picture or the project's logo. Undefined
   * for a file no project holds.
   */
  async fileOwner(db: Executor, folder: string, url: string): Promise<number | undefined> {
    const [row] =
      folder === 'gallery'
        ? await db
            .select({ id: projectImages.projectId })
            .from(projectImages)
            .where(eq(projectImages.url, url))
            .limit(1)
        : folder === 'documents'
          ? await db
              .select({ id: projectDocuments.projectId })
              .from(projectDocuments)
              .where(eq(projectDocuments.url, url))
              .limit(1)
          : folder === 'impact'
            ? await db
                .select({ id: projectImpacts.projectId })
                .from(projectImpacts)
                .where(sql`${projectImpacts.images} @> ${JSON.stringify([url])}::jsonb`)
                .limit(1)
            : folder === 'logos'
              ? await db.select({ id: projects.id }).from(projects).where(eq(projects.logo, url)).limit(1)
              : [];
    return row?.id;
  },

  /**
   * The cover of each project: the URL of the first picture of its gallery (decision 018). One
   * query for a page of projects, by the gallery's (project, id) index.
   */
  async covers(db: Executor, projectIds: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(projectIds)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([projectImages.projectId], {
        projectId: projectImages.projectId,
        url: projectImages.url,
      })
      .from(projectImages)
      .where(inArray(projectImages.projectId, unique))
      .orderBy(projectImages.projectId, projectImages.id);
    return new Map(rows.map((row) => [row.projectId, row.url]));
  },

  /**
   * What was given through every project that was not cancelled: funds raised (minor units),
   * volunteering and skilled hours and gifts pledged, read from the projects' counters.
   */
  async givenTotals(db: Executor) {
    const [row] = await db
      .select({
        funds: sql<string>`coalesce(sum(${projects.fundsRaised}), 0)`,
        hours: sql<string>`coalesce(sum(${projects.volunteeringPledged} + ${projects.skilledPledged}), 0)`,
        gifts: sql<string>`coalesce(sum(${projects.giftsPledged}), 0)`,
        live: sql<string>`count(*) filter (where ${projects.status} = ${PROJECT_STATUS.live})`,
      })
      .from(projects)
      .where(
        inArray(projects.status, [PROJECT_STATUS.live, PROJECT_STATUS.completed, PROJECT_STATUS.finished]),
      );
    return {
      funds: Number(row?.funds ?? 0),
      hours: Number(row?.hours ?? 0),
      gifts: Number(row?.gifts ?? 0),
      live: Number(row?.live ?? 0),
    };
  },

  /** How many Live projects each charity runs. */
  async liveCountsByCharity(db: Executor, charityIds: number[]): Promise<Map<number, number>> {
    if (charityIds.length === 0) return new Map();
    const rows = await db
      .select({ charityId: projects.charityId, n: count() })
      .from(projects)
      .where(and(inArray(projects.charityId, charityIds), eq(projects.status, PROJECT_STATUS.live)))
      .groupBy(projects.charityId);
    return new Map(rows.map((row) => [row.charityId ?? 0, row.n]));
  },

  /** The ids of a charity's projects, whatever their status or association. */
  async idsOfCharity(db: Executor, charityId: number): Promise<number[]> {
    const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.charityId, charityId));
    return rows.map((row) => row.id);
  },

  /** The projects a person is an admin of, by title (the session's project memberships). */
  membershipsOfUser(db: Executor, userId: number) {
    return membershipsOfUser(db, userId, [projectMemberships.projectId, projects.id], projects.title, {
      project_id: projects.id,
      title: projects.title,
      admin_type: projectMemberships.adminType,
    });
  },

  /**
   * Live projects with a word of the title starting with each word of the text, by title (a
   * message's recipient). Reads at most WORD_SEARCH_CANDIDATES matches.
   */
  async searchByTitle(db: Executor, q: string, limit: number) {
    const query = wordPrefixQuery(q);
    if (!query) return [];
    // Live as projects_live_title_words_idx says it, never as a parameter, so that every plan of
    // this statement can use the index.
    const found = db
      .select({ id: projects.id, title: projects.title })
      .from(projects)
      .where(
        and(
          sql`${projects.status} = ${sql.raw(String(PROJECT_STATUS.live))}`,
          matchesWords(projects.title, query),
        ),
      )
      .limit(WORD_SEARCH_CANDIDATES)
      .as('found');
    return db.select().from(found).orderBy(asc(found.title), asc(found.id)).limit(limit);
  },

  /** The ids of the project's admins, for notices. */
  async adminIds(db: Executor, projectId: number): Promise<number[]> {
    const rows = await projectsRepository.admins(db, projectId);
    return rows.map((row) => row.userId);
  },

  /** The project, locked until the caller's transaction ends (giving checks its needs under it). */
  lock(db: Executor, id: number): Promise<ProjectRow | undefined> {
    return projectsRepository.findForUpdate(db, id);
  },

  find(db: Executor, id: number): Promise<ProjectRow | undefined> {
    return projectsRepository.find(db, id);
  },

  titles(db: Executor, ids: number[]): Promise<Map<number, string>> {
    return namesById(db, projects, projects.title, ids);
  },

  /** GET /admin/projects_list: projects by title, in a status or of a charity, newest first. */
  adminList(
    db: Executor,
    filter: { q?: string | undefined; status?: number | undefined; charityId?: number | undefined },
    page: Keyset,
  ) {
    const where: (SQL | undefined)[] = [];
    if (filter.q) where.push(ilike(projects.title, likePattern(filter.q)));
    if (filter.status !== undefined) where.push(eq(projects.status, filter.status));
    if (filter.charityId !== undefined) where.push(eq(projects.charityId, filter.charityId));
    return newestRows(db, projects, page, where);
  },

  /**
   * GET /admin/projects/all_expire_projects: Live projects ending on or before `until`, and
   * Finished ones (by end date), soonest end first, keyset paged on (end_date, id).
   */
  expiring(db: Executor, filter: { until: string; live: boolean; finished: boolean }, page: Keyset) {
    const which: SQL[] = [];
    if (filter.live)
      which.push(and(eq(projects.status, PROJECT_STATUS.live), lte(projects.endDate, filter.until)) as SQL);
    if (filter.finished) which.push(eq(projects.status, PROJECT_STATUS.finished));
    const where: (SQL | undefined)[] = [isNotNull(projects.endDate), or(...which)];
    if (page.cursor) {
      const [end, id] = page.cursor;
      where.push(
        page.before
          ? sql`(${projects.endDate}, ${projects.id}) < (${String(end)}::date, ${Number(id)})`
          : sql`(${projects.endDate}, ${projects.id}) > (${String(end)}::date, ${Number(id)})`,
      );
    }
    return db
      .select()
      .from(projects)
      .where(and(...where))
      .orderBy(
        ...(page.before
          ? [desc(projects.endDate), desc(projects.id)]
          : [asc(projects.endDate), asc(projects.id)]),
      )
      .limit(page.limit);
  },

  /** Projects created each day (the statistics). */
  async dailyCreated(db: Executor): Promise<{ day: string; value: number }[]> {
    const day = sql<string>`to_char(${projects.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db.select({ day, value: count() }).from(projects).groupBy(day);
    return rows.map((row) => ({ day: row.day, value: Number(row.value) }));
  },

  /** Projects published each day that are Live now (the statistics). */
  async dailyLive(db: Executor): Promise<{ day: string; value: number }[]> {
    const day = sql<string>`to_char(${projects.publishedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, value: count() })
      .from(projects)
      .where(and(eq(projects.status, PROJECT_STATUS.live), isNotNull(projects.publishedAt)))
      .groupBy(day);
    return rows.map((row) => ({ day: row.day, value: Number(row.value) }));
  },
};

/** What other modules may write in the projects tables, each in the caller's transaction (decision 010). */
export const projectsWrites = {
  /** A person who accepted an invitation to run a project. */
  addAdmin: projectsRepository.addAdmin,
  /** A deleted account is no longer a project admin. */
  removeUserMemberships: projectsRepository.removeUserMemberships,
  /** A gift, or its settlement, moves the progress counters by the given amounts (negative to take back). */
  async addProgress(db: Executor, id: number, delta: ProjectProgressDelta): Promise<void> {
    await addProgress(db, {
      id,
      funds: delta.funds ?? 0,
      donors: delta.donors ?? 0,
      volunteering: delta.volunteering ?? 0,
      skilled: delta.skilled ?? 0,
      gifts: delta.gifts ?? 0,
      confirmed: delta.confirmed ?? 0,
    });
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
