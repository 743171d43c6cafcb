import { ADMIN_TYPE, CHARITY_MEMBER_PERMISSIONS } from '@kindred/shared';
import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { accountMemberships, membershipsOfUser } from '../../db/account-memberships.js';
import type { Executor } from '../../db/client.js';
import { countWhere, stampedWrites } from '../../db/insert.js';
import { newestByIdRows, newestRows } from '../../db/pages.js';
import { prepared } from '../../db/prepared.js';
import { matchesWords, WORD_SEARCH_CANDIDATES, wordPrefixQuery } from '../../db/word-search.js';
import { byName, type Keyset } from '../../lib/pagination.js';
import { likePattern } from '../../lib/text.js';
import { charities, charityMemberships } from './charities.table.js';

export type CharityRow = typeof charities.$inferSelect;
export type NewCharity = typeof charities.$inferInsert;

/** A charity the public may see: approved, not locked, not deleted. */
export const publicCharity = () =>
  and(eq(charities.approvalStatus, 'approved'), eq(charities.lockStatus, false), isNull(charities.deletedAt));

/** The same rule on a row read: a charity the public may see. */
export const isPublicCharity = (row: CharityRow) =>
  row.approvalStatus === 'approved' && !row.lockStatus && !row.deletedAt;

/** A charity by id, unless deleted (a gift reads it under its project's lock): built once. */
const findCharity = prepared('charities_find', (db) =>
  db
    .select()
    .from(charities)
    .where(and(eq(charities.id, sql.placeholder('id')), isNull(charities.deletedAt))),
);

/** A charity by id, deleted or not (what a gift's words name): built once. */
const charityById = prepared('charities_by_id', (db) =>
  db
    .select()
    .from(charities)
    .where(eq(charities.id, sql.placeholder('id'))),
);

/** The queries charities share with organisations, on the charities' tables. */
const shared = accountMemberships(charities, charityMemberships, 'charityId');

export const charitiesRepository = {
  async find(db: Executor, id: number): Promise<CharityRow | undefined> {
    const [row] = await findCharity(db, { id });
    return row;
  },

  ...stampedWrites(charities),

  /** Approved, visible charities by name, keyset paged (for pickers). */
  async listPublic(db: Executor, page: Keyset & { q?: string }) {
    const { condition, order } = byName(charities.name, charities.id, page.cursor, page.before);
    return db
      .select()
      .from(charities)
      .where(and(publicCharity(), page.q ? ilike(charities.name, likePattern(page.q)) : undefined, condition))
      .orderBy(...order)
      .limit(page.limit);
  },

  async listByApproval(db: Executor, status: CharityRow['approvalStatus'], page: Keyset) {
    const cursorId = page.cursor === undefined ? undefined : Number(page.cursor[0]);
    return newestByIdRows(db, charities, { limit: page.limit, cursorId, before: page.before }, [
      eq(charities.approvalStatus, status),
      isNull(charities.deletedAt),
    ]);
  },

  /** The charity's memberships (the people are the users module's). */
  members(db: Executor, charityId: number) {
    return db
      .select({
        userId: charityMemberships.userId,
        adminType: charityMemberships.adminType,
        permissions: charityMemberships.permissions,
        joinedAt: charityMemberships.createdAt,
      })
      .from(charityMemberships)
      .where(eq(charityMemberships.charityId, charityId));
  },

  membership: shared.membership,

  /** The charities (not deleted) of which the person is the only admin. */
  soleAdminOf: shared.soleAdminOf,

  async countAdmins(db: Executor, charityId: number): Promise<number> {
    return countWhere(
      db,
      charityMemberships,
      and(eq(charityMemberships.charityId, charityId), eq(charityMemberships.adminType, 1)),
    );
  },

  async addMember(
    db: Executor,
    charityId: number,
    userId: number,
    adminType: number,
    permissions: string[],
    now: Date,
  ) {
    await db
      .insert(charityMemberships)
      .values({ charityId, userId, adminType, permissions, createdAt: now })
      .onConflictDoUpdate({
        target: [charityMemberships.charityId, charityMemberships.userId],
        set: { adminType, permissions },
      });
  },

  updateMember: shared.updateMember,

  removeMember: shared.removeMember,

  /** The ids of the charity's admins (type 1), for notices. */
  adminIds: shared.adminIds,

  /** A deleted account leaves its charities. */
  removeUserMemberships: shared.removeUserMemberships,

  /**
   * A charity applied for at registration: it waits for a platform admin
   * (docs/product/projects-and-charities.md#charity-review) and the user becomes its first admin,
   * with every permission.
   */
  async createApplication(
    db: Executor,
    userId: number,
    fields: Pick<NewCharity, 'name' | 'registrationNumber' | 'description'>,
    now: Date,
  ): Promise<{ id: number }> {
    const { id } = await charitiesRepository.insert(
      db,
      { ...fields, approvalStatus: 'pending', createdBy: userId },
      now,
    );
    await charitiesRepository.addMember(
      db,
      id,
      userId,
      ADMIN_TYPE.superAdmin,
      [...CHARITY_MEMBER_PERMISSIONS],
      now,
    );
    return { id };
  },
};

/** What other modules may write in the charities tables, each in the caller's transaction (decision 010). */
export const charitiesWrites = {
  createApplication: charitiesRepository.createApplication,
  /** A person who accepted an invitation or a join request. */
  addMember: charitiesRepository.addMember,
  /** A deleted account leaves its charities. */
  removeUserMemberships: charitiesRepository.removeUserMemberships,
  /**
   * Serialises the changes that take from a charity's available money (a payout asked for, a refund
   * of a delivered gift) within the transaction: the charity's row, locked. Taken after a project's
   * and a gift's locks, before the ledger's.
   */
  async lockMoney(db: Executor, charityId: number): Promise<void> {
    // `no key update`: gifts hold the charity's key (their foreign key) and must not hold this back.
    await db
      .select({ id: charities.id })
      .from(charities)
      .where(eq(charities.id, charityId))
      .for('no key update');
  },
};

/** What other modules ask of the charities. */
export const charitiesQueries = {
  /** A charity by id, unless deleted. */
  find(db: Executor, id: number): Promise<CharityRow | undefined> {
    return charitiesRepository.find(db, id);
  },

  /** A charity by id, deleted or not. */
  async byId(db: Executor, id: number): Promise<CharityRow | undefined> {
    const [row] = await charityById(db, { id });
    return row;
  },

  /** Names and logos of charities by id (what a project shows of its charity). */
  async names(db: Executor, ids: Array<number | null>) {
    const unique = [...new Set(ids.filter((id): id is number => id !== null))];
    if (unique.length === 0) return new Map<number, { id: number; name: string; logo: string | null }>();
    const rows = await db
      .select({ id: charities.id, name: charities.name, logo: charities.logo })
      .from(charities)
      .where(inArray(charities.id, unique));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /**
   * Public charities with a word of the name starting with each word of the text, by name (a
   * message's recipient). Reads at most WORD_SEARCH_CANDIDATES matches.
   */
  async searchByName(db: Executor, q: string, limit: number) {
    const query = wordPrefixQuery(q);
    if (!query) return [];
    const found = db
      .select({ id: charities.id, name: charities.name, logo: charities.logo })
      .from(charities)
      .where(and(publicCharity(), matchesWords(charities.name, query)))
      .limit(WORD_SEARCH_CANDIDATES)
      .as('found');
    return db.select().from(found).orderBy(asc(found.name), asc(found.id)).limit(limit);
  },

  /** The ids of the charity's admins (type 1), for notices. */
  adminIds(db: Executor, charityId: number): Promise<number[]> {
    return charitiesRepository.adminIds(db, charityId);
  },

  /** A person's membership of a charity, if any. */
  membership(db: Executor, charityId: number, userId: number) {
    return charitiesRepository.membership(db, charityId, userId);
  },

  /** The charities (not deleted) of which the person is the only admin (decision 031). */
  soleAdminOf(db: Executor, userId: number): Promise<Array<{ id: number; name: string }>> {
    return charitiesRepository.soleAdminOf(db, userId);
  },

  /** The charities a person belongs to, by name (the session's charity memberships). */
  membershipsOfUser(db: Executor, userId: number) {
    return membershipsOfUser(db, userId, [charityMemberships.charityId, charities.id], charities.name, {
      charity_id: charities.id,
      name: charities.name,
      admin_type: charityMemberships.adminType,
      permissions: charityMemberships.permissions,
    });
  },

  /** GET /admin/charity_list: charities by name or email, newest first (platform admins). */
  adminList(
    db: Executor,
    filter: {
      q?: string | undefined;
      status?: CharityRow['approvalStatus'] | undefined;
      locked?: boolean | undefined;
    },
    page: Keyset,
  ) {
    const where: (SQL | undefined)[] = [isNull(charities.deletedAt)];
    if (filter.q)
      where.push(
        or(ilike(charities.name, likePattern(filter.q)), ilike(charities.email, likePattern(filter.q))),
      );
    if (filter.status) where.push(eq(charities.approvalStatus, filter.status));
    if (filter.locked !== undefined) where.push(eq(charities.lockStatus, filter.locked));
    return newestRows(db, charities, page, where);
  },

  /** Approved charities added each day (the statistics). */
  dailyApproved: shared.dailyApproved,
};
