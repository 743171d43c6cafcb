import { ADMIN_TYPE, type SignoffPeople, type SignoffPolicy } from '@kindred/shared';
import { and, asc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { accountMemberships, membershipsOfUser } from '../../db/account-memberships.js';
import type { Executor } from '../../db/client.js';
import { countWhere, firstWhere, insertOne, lockedWhere, namesById, updateOne } from '../../db/insert.js';
import { newestByIdRows } from '../../db/pages.js';
import { matchesWords, searchWords, WORD_SEARCH_CANDIDATES, wordPrefixQuery } from '../../db/word-search.js';
import { byName, type Keyset } from '../../lib/pagination.js';
import { likePattern } from '../../lib/text.js';
import { businesses, businessMemberships } from './organisations.table.js';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type BusinessMembershipRow = typeof businessMemberships.$inferSelect;

/** An organisation's sign-off policy in its wire shape (decision 021). */
export function signoffPolicyOf(row: BusinessRow): SignoffPolicy {
  return {
    approvals_required: row.signoffApprovals,
    threshold_amount: row.signoffThreshold,
    approvals_above_threshold: row.signoffApprovalsAbove,
  };
}

/** The queries organisations share with charities, on the organisations' tables. */
const shared = accountMemberships(businesses, businessMemberships, 'businessId');

export const organisationsRepository = {
  /** A business that is not deleted. */
  async find(db: Executor, id: number): Promise<BusinessRow | undefined> {
    return firstWhere(db, businesses, and(eq(businesses.id, id), isNull(businesses.deletedAt)));
  },

  /**
   * A business that is not deleted, its row locked for the rest of the transaction: sign-off
   * policy changes and the removal of sign-off admins are checked under it (decision 033).
   */
  async lock(db: Executor, id: number): Promise<BusinessRow | undefined> {
    return lockedWhere(db, businesses, and(eq(businesses.id, id), isNull(businesses.deletedAt)));
  },

  async insert(db: Executor, values: Omit<NewBusiness, 'createdAt'>, now: Date): Promise<BusinessRow> {
    return insertOne(db, businesses, { ...values, createdAt: now });
  },

  async update(db: Executor, id: number, values: Partial<NewBusiness>): Promise<BusinessRow> {
    return updateOne(db, businesses, id, values);
  },

  async addMember(
    db: Executor,
    businessId: number,
    userId: number,
    adminType: number,
    now: Date,
  ): Promise<void> {
    await db.insert(businessMemberships).values({ businessId, userId, adminType, createdAt: now });
  },

  async members(db: Executor, businessId: number): Promise<BusinessMembershipRow[]> {
    return db
      .select()
      .from(businessMemberships)
      .where(eq(businessMemberships.businessId, businessId))
      .orderBy(asc(businessMemberships.adminType), asc(businessMemberships.userId));
  },

  /** The membership row, locked for the rest of the transaction (role changes are checked under it). */
  async lockMembership(db: Executor, businessId: number, userId: number) {
    return lockedWhere(
      db,
      businessMemberships,
      and(eq(businessMemberships.businessId, businessId), eq(businessMemberships.userId, userId)),
    );
  },

  /** The organisations (not deleted) of which the person is the only Super Admin. */
  soleSuperAdminOf: shared.soleAdminOf,

  /**
   * The Super Admins of a business, locked: two requests that each remove or demote one of the last
   * two wait for each other, so one Super Admin always stays.
   */
  async lockSuperAdmins(db: Executor, businessId: number): Promise<number[]> {
    const rows = await db
      .select({ userId: businessMemberships.userId })
      .from(businessMemberships)
      .where(and(eq(businessMemberships.businessId, businessId), eq(businessMemberships.adminType, 1)))
      .for('update');
    return rows.map((row) => row.userId);
  },

  updateMember: shared.updateMember,

  removeMember: shared.removeMember,

  async removeAllMembers(db: Executor, businessId: number): Promise<void> {
    await db.delete(businessMemberships).where(eq(businessMemberships.businessId, businessId));
  },

  async countChildren(db: Executor, businessId: number): Promise<number> {
    return countWhere(db, businesses, and(eq(businesses.parentId, businessId), isNull(businesses.deletedAt)));
  },

  /** The person's businesses by name, keyset paged on (name, id). */
  async listOfUser(db: Executor, userId: number, page: Keyset) {
    const { condition: after, order } = byName(businesses.name, businesses.id, page.cursor, page.before);
    return db
      .select({ business: businesses, membership: businessMemberships })
      .from(businessMemberships)
      .innerJoin(businesses, eq(businesses.id, businessMemberships.businessId))
      .where(and(eq(businessMemberships.userId, userId), isNull(businesses.deletedAt), after))
      .orderBy(...order)
      .limit(page.limit);
  },

  /** Businesses of one approval status, newest first (keyset on id). */
  async listByApproval(
    db: Executor,
    status: BusinessRow['approvalStatus'],
    page: Keyset,
    filter: { q?: string | undefined; locked?: boolean | undefined } = {},
  ) {
    const cursorId = page.cursor?.[0] as number | undefined;
    return newestByIdRows(db, businesses, { limit: page.limit, cursorId, before: page.before }, [
      eq(businesses.approvalStatus, status),
      isNull(businesses.deletedAt),
      filter.q ? ilike(businesses.name, likePattern(filter.q)) : undefined,
      filter.locked === undefined ? undefined : eq(businesses.lockStatus, filter.locked),
    ]);
  },

  /** Approved, unlocked businesses whose name contains the text, by name. */
  async autocomplete(db: Executor, q: string, limit: number) {
    return db
      .select({ id: businesses.id, name: businesses.name, logo: businesses.logo })
      .from(businesses)
      .where(
        and(
          ilike(businesses.name, likePattern(q)),
          eq(businesses.approvalStatus, 'approved'),
          eq(businesses.lockStatus, false),
          isNull(businesses.deletedAt),
        ),
      )
      .orderBy(
        sql`position(lower(${q}) in lower(${businesses.name}))`,
        asc(businesses.name),
        asc(businesses.id),
      )
      .limit(limit);
  },

  /**
   * A user's application to add their organisation: it waits for a platform admin
   * (docs/product/organisations.md) and the user becomes its first Super Admin. (A charity applied
   * for is the charities module's: `charitiesWrites.createApplication`.)
   */
  async createApplication(
    db: Executor,
    userId: number,
    fields: Pick<NewBusiness, 'name' | 'registrationNumber' | 'description'>,
    now: Date,
  ): Promise<{ id: number }> {
    const { id } = await organisationsRepository.insert(
      db,
      { ...fields, approvalStatus: 'pending', createdBy: userId },
      now,
    );
    await organisationsRepository.addMember(db, id, userId, ADMIN_TYPE.superAdmin, now);
    return { id };
  },

  /** A deleted account leaves its businesses. */
  removeUserMemberships: shared.removeUserMemberships,
};

/** What other modules may write in the organisations tables, each in the caller's transaction (decision 010). */
export const organisationsWrites = {
  createApplication: organisationsRepository.createApplication,
  /** A person who accepted an invitation, or an employee taken on from a list. */
  addMember: organisationsRepository.addMember,
  /** A deleted account leaves its businesses. */
  removeUserMemberships: organisationsRepository.removeUserMemberships,
};

export const organisationsQueries = {
  /** The organisations each person belongs to, by person, in one statement (a person of none is left out). */
  async businessIdsOfUsers(db: Executor, userIds: number[]): Promise<Map<number, number[]>> {
    const rows =
      userIds.length === 0
        ? []
        : await db
            .select({ userId: businessMemberships.userId, businessId: businessMemberships.businessId })
            .from(businessMemberships)
            .where(inArray(businessMemberships.userId, userIds))
            .orderBy(asc(businessMemberships.businessId));
    const of = new Map<number, number[]>();
    for (const row of rows) of.set(row.userId, [...(of.get(row.userId) ?? []), row.businessId]);
    return of;
  },
  /** A business that is not deleted. */
  find: organisationsRepository.find,
  /** A business's memberships. */
  members: organisationsRepository.members,
  /** The businesses (not deleted) of which the person is the only Super Admin (decision 031). */
  soleSuperAdminOf: organisationsRepository.soleSuperAdminOf,

  /** Names of businesses by id (deleted ones too: history keeps their name). */
  names(db: Executor, ids: number[]): Promise<Map<number, string>> {
    return namesById(db, businesses, businesses.name, ids);
  },

  async business(db: Executor, id: number) {
    return firstWhere(db, businesses, eq(businesses.id, id));
  },

  /** The ids of a business's Super Admins and Admins, for notices about its money. */
  async businessAdminIds(db: Executor, businessId: number): Promise<number[]> {
    const rows = await db
      .select({ userId: businessMemberships.userId })
      .from(businessMemberships)
      .where(
        and(eq(businessMemberships.businessId, businessId), inArray(businessMemberships.adminType, [1, 2])),
      );
    return rows.map((row) => row.userId);
  },

  /** The ids of a business's sign-off admins, for reminders of donations waiting for them. */
  async signoffAdminIds(db: Executor, businessId: number): Promise<number[]> {
    const rows = await db
      .select({ userId: businessMemberships.userId })
      .from(businessMemberships)
      .where(
        and(eq(businessMemberships.businessId, businessId), eq(businessMemberships.isSignoffAdmin, true)),
      );
    return rows.map((row) => row.userId);
  },

  /** How many members are sign-off admins and how many are not (decision 033). */
  async signoffPeople(db: Executor, businessId: number): Promise<SignoffPeople> {
    const [row] = await db
      .select({
        signoffAdmins: sql<number>`count(*) filter (where ${businessMemberships.isSignoffAdmin})`.mapWith(
          Number,
        ),
        otherMembers: sql<number>`count(*) filter (where not ${businessMemberships.isSignoffAdmin})`.mapWith(
          Number,
        ),
      })
      .from(businessMemberships)
      .where(eq(businessMemberships.businessId, businessId));
    return { signoffAdmins: row?.signoffAdmins ?? 0, otherMembers: row?.otherMembers ?? 0 };
  },

  /** The ids of a business's Super Admins, for mail about its approval. */
  businessSuperAdminIds: shared.adminIds,

  /** A person's membership of a business, if any. */
  businessMembership: shared.membership,

  /**
   * Approved, unlocked organisations with a word of the name starting with each word of the text (a
   * message's recipient); those where the first word appears earlier in the name come first, then
   * by name. Reads at most WORD_SEARCH_CANDIDATES matches.
   */
  async searchByName(db: Executor, q: string, limit: number) {
    const query = wordPrefixQuery(q);
    const [first] = searchWords(q);
    if (!query || !first) return [];
    const found = db
      .select({ id: businesses.id, name: businesses.name, logo: businesses.logo })
      .from(businesses)
      .where(
        and(
          matchesWords(businesses.name, query),
          eq(businesses.approvalStatus, 'approved'),
          eq(businesses.lockStatus, false),
          isNull(businesses.deletedAt),
        ),
      )
      .limit(WORD_SEARCH_CANDIDATES)
      .as('found');
    return db
      .select()
      .from(found)
      .orderBy(sql`position(${first} in lower(${found.name}))`, asc(found.name), asc(found.id))
      .limit(limit);
  },

  /** Logos of businesses by id. */
  async logos(db: Executor, ids: number[]): Promise<Map<number, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: businesses.id, logo: businesses.logo })
      .from(businesses)
      .where(inArray(businesses.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row.logo]));
  },

  /** The businesses a person belongs to, by name (the session's business memberships). */
  membershipsOfUser(db: Executor, userId: number) {
    return membershipsOfUser(db, userId, [businessMemberships.businessId, businesses.id], businesses.name, {
      business_id: businesses.id,
      name: businesses.name,
      admin_type: businessMemberships.adminType,
      is_signoff_admin: businessMemberships.isSignoffAdmin,
      is_franchise: businesses.isFranchise,
      permissions: businessMemberships.permissions,
    });
  },

  /** Approved organisations added each day (the statistics). */
  dailyApproved: shared.dailyApproved,
};
