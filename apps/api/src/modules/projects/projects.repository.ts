import { ASSOCIATION_STATUS, OWNER_TYPE, PROJECT_ADMIN_TYPE, PROJECT_STATUS } from '@kindred/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { membershipsOfUser } from '../../db/account-memberships.js';
import type { Executor } from '../../db/client.js';
import { namesById, stampedWrites } from '../../db/insert.js';
import { newestRows } from '../../db/pages.js';
import { prepared, preparedText } from '../../db/prepared.js';
import { matchesWords, WORD_SEARCH_CANDIDATES, wordPrefixQuery } from '../../db/word-search.js';
import { exactTime, type Keyset, newestFirst } from '../../lib/pagination.js';
import { likePattern } from '../../lib/text.js';
import {
  projectDocuments,
  projectDonors,
  projectImages,
  projectImpacts,
  projectMemberships,
  projectProgress,
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
  /**
   * Carries every slot's sums into its project's row and empties the slots (the scheduler's
   * "project progress" round): lists sort by the row's counters, so they stay at most a round behind.
   */
  async foldProgress(tx: Executor): Promise<number> {
    // The projects first, as every other change of a project takes it first; one being changed at
    // this moment (a refund, a pledge of hours, its completion) is left for a later round, its
    // readers adding its slots meanwhile. Gifts hold only the project's key: they go on.
    const locked = await tx.execute(sql`
      select ${projects.id} as id from ${projects}
      where ${projects.id} in (select distinct ${projectProgress.projectId} from ${projectProgress})
      order by ${projects.id} for no key update skip locked`);
    const ids = (locked as unknown as { rows: { id: string | number }[] }).rows.map((row) => Number(row.id));
    if (ids.length === 0) return 0;
    const folded = await tx.execute(sql`
      with taken as (
        delete from ${projectProgress} where ${inArray(projectProgress.projectId, ids)} returning *
      ), sums as (
        select project_id, sum(funds_raised) as funds, sum(donors_count) as donors,
          sum(volunteering_pledged) as volunteering, sum(skilled_pledged) as skilled,
          sum(gifts_pledged) as gifts, sum(hours_confirmed) as confirmed
        from taken group by project_id
      )
      update ${projects} set
        funds_raised = funds_raised + sums.funds, donors_count = donors_count + sums.donors,
        volunteering_pledged = volunteering_pledged + sums.volunteering,
        skilled_pledged = skilled_pledged + sums.skilled, gifts_pledged = gifts_pledged + sums.gifts,
        hours_confirmed = hours_confirmed + sums.confirmed
      from sums where ${projects.id} = sums.project_id`);
    return (folded as { rowCount?: number | null }).rowCount ?? 0;
  },

  async find(db: Executor, id: number): Promise<ProjectRow | undefined> {
    const [row] = await findExact(db, { id });
    return row;
  },

  async findForUpdate(db: Executor, id: number): Promise<ProjectRow | undefined> {
    const [row] = await lockProject(db, { id });
    return row;
  },

  ...stampedWrites(projects),

  /** One of the named lists, newest first; each row comes with `cursorAt`, its exact creation time for the cursor. */
  async list(db: Executor, list: ProjectList, page: Keyset) {
    const keyset = newestFirst(projects.createdAt, projects.id, page.cursor, page.before);
    return db
      .select({ ...exactColumns, cursorAt: exactTime(projects.createdAt) })
      .from(projects)
      .where(and(whereOf(list), ...keyset.conditions))
      .orderBy(...keyset.order)
      .limit(page.limit);
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
/** The progress counters: each kept on the project's row and added to in its slots (docs/product/projects-and-charities.md#where-the-progress-is-kept). */
const PROGRESS = [
  'fundsRaised',
  'donorsCount',
  'volunteeringPledged',
  'skilledPledged',
  'giftsPledged',
  'hoursConfirmed',
] as const;
type ProgressKey = (typeof PROGRESS)[number];

/** A project's columns with its progress exact: the row's counters plus its slots' sums, in one statement. */
const exactColumns = {
  ...getTableColumns(projects),
  ...(Object.fromEntries(
    PROGRESS.map((key) => [
      key,
      sql<number>`${projects[key]} + (select coalesce(sum(${projectProgress[key]}), 0) from ${projectProgress} where ${projectProgress.projectId} = ${projects.id})`.mapWith(
        Number,
      ),
    ]),
  ) as Record<ProgressKey, SQL.Aliased<number> | SQL<number>>),
};

const findExact = prepared('projects_find', (db) =>
  db
    .select(exactColumns)
    .from(projects)
    .where(eq(projects.id, sql.placeholder('id'))),
);
// `for no key update`: it waits for other changes of the project, never for gifts (whose rows
// only hold its key, as their foreign keys do).
const lockProject = prepared('projects_lock', (db) =>
  db
    .select(exactColumns)
    .from(projects)
    .where(eq(projects.id, sql.placeholder('id')))
    .for('no key update'),
);

// What a donation adds to a project's progress goes to the slot of the database connection that
// writes it: two transactions at once are on two connections, so they never wait for each other
// here. With a donor, the same statement counts the donor's donation and moves the donors count
// when it is their first or last.
const SLOT = 'pg_backend_pid()';
const ADD_TO_SLOT = `on conflict (project_id, slot) do update set
  funds_raised = p.funds_raised + excluded.funds_raised,
  donors_count = p.donors_count + excluded.donors_count,
  volunteering_pledged = p.volunteering_pledged + excluded.volunteering_pledged,
  skilled_pledged = p.skilled_pledged + excluded.skilled_pledged,
  gifts_pledged = p.gifts_pledged + excluded.gifts_pledged,
  hours_confirmed = p.hours_confirmed + excluded.hours_confirmed`;
const SLOT_COLUMNS =
  'project_id, slot, funds_raised, donors_count, volunteering_pledged, skilled_pledged, gifts_pledged, hours_confirmed';
const addToSlot = preparedText(
  'projects_add_progress',
  `insert into project_progress as p (${SLOT_COLUMNS})
   values ($1, ${SLOT}, $2, $3, $4, $5, $6, $7) ${ADD_TO_SLOT}`,
);
/** The same with a donor counted in or out: the database's `project_count_donor` (migration 0036). */
const countDonorToSlot = preparedText(
  'projects_count_donor',
  'select project_count_donor($1, $2, $3, $4, $5, $6, $7, $8, $9)',
);

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
    const given = [PROJECT_STATUS.live, PROJECT_STATUS.completed, PROJECT_STATUS.finished];
    // What the projects' slots hold beyond their rows' counters (docs/product/projects-and-charities.md#where-the-progress-is-kept).
    const inSlots = (sum: SQL) =>
      sql`(select coalesce(${sum}, 0) from ${projectProgress} join ${projects} on ${projects.id} = ${projectProgress.projectId} where ${inArray(projects.status, given)})`;
    const [row] = await db
      .select({
        funds: sql<string>`coalesce(sum(${projects.fundsRaised}), 0) + ${inSlots(sql`sum(${projectProgress.fundsRaised})`)}`,
        hours: sql<string>`coalesce(sum(${projects.volunteeringPledged} + ${projects.skilledPledged}), 0) + ${inSlots(sql`sum(${projectProgress.volunteeringPledged} + ${projectProgress.skilledPledged})`)}`,
        gifts: sql<string>`coalesce(sum(${projects.giftsPledged}), 0) + ${inSlots(sql`sum(${projectProgress.giftsPledged})`)}`,
        live: sql<string>`count(*) filter (where ${projects.status} = ${PROJECT_STATUS.live})`,
      })
      .from(projects)
      .where(inArray(projects.status, given));
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

  /** What projects' slots hold that their rows do not yet (lists show rows' counters plus this). */
  async unfolded(db: Executor, ids: number[]): Promise<Map<number, ProjectProgressTotals>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        projectId: projectProgress.projectId,
        ...(Object.fromEntries(
          PROGRESS.map((key) => [key, sql<number>`sum(${projectProgress[key]})`.mapWith(Number)]),
        ) as Record<ProgressKey, SQL<number>>),
      })
      .from(projectProgress)
      .where(inArray(projectProgress.projectId, ids))
      .groupBy(projectProgress.projectId);
    return new Map(rows.map(({ projectId, ...totals }) => [projectId, totals]));
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
  /**
   * Adds to a project's progress without waiting on its row (docs/product/projects-and-charities.md#where-the-progress-is-kept).
   * With `donor`, the donation counts for (+1) or stops counting for (-1) that donor, and the
   * donors count moves on their first counted donation and their last.
   */
  async addProgress(
    db: Executor,
    id: number,
    delta: ProjectProgressDelta,
    donor?: { type: 'user' | 'business' | 'guest'; id: number; counted: 1 | -1 },
  ): Promise<void> {
    const values = [
      id,
      delta.funds ?? 0,
      delta.volunteering ?? 0,
      delta.skilled ?? 0,
      delta.gifts ?? 0,
      delta.confirmed ?? 0,
    ];
    if (donor) await countDonorToSlot(db, [...values, donor.type, donor.id, donor.counted]);
    else await addToSlot(db, [values[0], values[1], 0, ...values.slice(2)]);
  },

  /**
   * Locks the project's donors rows (all of them, or one donor's) before the ledger's accounts, the
   * order a gift takes them: a refund or a settlement that changes the counts after moving money
   * then never holds what a gift waits for (docs/product/donations.md#the-order-a-gift-takes-its-locks).
   */
  async lockDonors(
    db: Executor,
    projectId: number,
    donor?: { type: 'user' | 'business' | 'guest'; id: number },
  ): Promise<void> {
    const conditions = [eq(projectDonors.projectId, projectId)];
    if (donor) conditions.push(eq(projectDonors.donorType, donor.type), eq(projectDonors.donorId, donor.id));
    await db
      .select({ id: projectDonors.donorId })
      .from(projectDonors)
      .where(and(...conditions))
      .orderBy(asc(projectDonors.donorType), asc(projectDonors.donorId))
      .for('update');
  },

  /** A guest's donors rows become the person's who signed in with the guest's email (their gifts moved). */
  async moveDonors(db: Executor, guestIds: number[], userId: number): Promise<void> {
    if (guestIds.length === 0) return;
    await db.execute(sql`
      with moved as (
        delete from ${projectDonors}
        where ${projectDonors.donorType} = 'guest' and ${projectDonors.donorId} in ${guestIds}
        returning ${projectDonors.projectId} as project_id, ${projectDonors.counted} as counted
      )
      insert into ${projectDonors} as d (project_id, donor_type, donor_id, counted)
      select project_id, 'user', ${userId}, sum(counted) from moved group by project_id
      on conflict (project_id, donor_type, donor_id) do update set counted = d.counted + excluded.counted`);
  },
};

/** The progress counters of a project. */
export type ProjectProgressTotals = Pick<ProjectRow, ProgressKey>;

/** A project row (or one carried in a list's hit) with what its slots hold added: its exact progress. */
export function withUnfolded<Row extends ProjectProgressTotals>(
  row: Row,
  unfolded: ProjectProgressTotals | undefined,
): Row {
  if (!unfolded) return row;
  const exact = { ...row };
  for (const key of PROGRESS) exact[key] += unfolded[key];
  return exact;
}

export interface ProjectProgressDelta {
  funds?: number;
  volunteering?: number;
  skilled?: number;
  gifts?: number;
  confirmed?: number;
}
