import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { membershipsOfUser } from '../../db/account-memberships.js';
import type { Executor } from '../../db/client.js';
import { firstWhere, insertIfNew, lockedWhere, namesById, rowsById } from '../../db/insert.js';
import { byName, exactTime, type Keyset, newestFirst, oldestIdFirst } from '../../lib/pagination.js';
import { likePattern } from '../../lib/text.js';
import {
  groupJoinRequests,
  groupMembershipPeriods,
  groupMemberships,
  groupPinFailures,
  groups,
} from './groups.table.js';

export type GroupRow = typeof groups.$inferSelect;
export type NewGroup = typeof groups.$inferInsert;
export type MembershipRow = typeof groupMemberships.$inferSelect;
export type JoinRequestRow = typeof groupJoinRequests.$inferSelect;

/** By name then id, for keyset pages of groups. */
const byGroupName = (page: Keyset) => byName(groups.name, groups.id, page.cursor, page.before);

const groupRows = rowsById(groups);

/** SQL of the groups (explore reads them too, as a declared read model: decision 010). */
export const groupsRepository = {
  /** A deleted account leaves its groups. */
  async removeUserMemberships(db: Executor, userId: number) {
    await db.delete(groupMemberships).where(eq(groupMemberships.userId, userId));
  },

  /** The groups of which the person is the only admin. */
  async soleAdminOf(db: Executor, userId: number): Promise<Array<{ id: number; name: string }>> {
    const other = alias(groupMemberships, 'other_admin');
    return db
      .select({ id: groups.id, name: groups.name })
      .from(groupMemberships)
      .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
      .where(
        and(
          eq(groupMemberships.userId, userId),
          eq(groupMemberships.isAdmin, true),
          notExists(
            db
              .select({ one: sql`1` })
              .from(other)
              .where(
                and(
                  eq(other.groupId, groupMemberships.groupId),
                  eq(other.isAdmin, true),
                  ne(other.userId, userId),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(groups.name));
  },

  insert: groupRows.insert,
  find: groupRows.find,
  lock: groupRows.lock,

  async findByPin(db: Executor, pin: string): Promise<GroupRow | undefined> {
    return firstWhere(db, groups, eq(groups.pin, pin));
  },

  async update(db: Executor, id: number, values: Partial<NewGroup>): Promise<GroupRow> {
    const [row] = await db.update(groups).set(values).where(eq(groups.id, id)).returning();
    if (!row) throw new Error('update returned no row');
    return row;
  },

  /** Memberships, periods and requests go with it (foreign keys cascade). */
  async delete(db: Executor, id: number) {
    await db.delete(groups).where(eq(groups.id, id));
  },

  async membership(db: Executor, groupId: number, userId: number): Promise<MembershipRow | undefined> {
    return firstWhere(
      db,
      groupMemberships,
      and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.userId, userId)),
    );
  },

  /** The group's members, locked for a change of roles (the last admin stays). */
  async lockMembers(db: Executor, groupId: number): Promise<MembershipRow[]> {
    return db
      .select()
      .from(groupMemberships)
      .where(eq(groupMemberships.groupId, groupId))
      .orderBy(groupMemberships.userId)
      .for('update');
  },

  async members(db: Executor, groupId: number): Promise<MembershipRow[]> {
    return db
      .select()
      .from(groupMemberships)
      .where(eq(groupMemberships.groupId, groupId))
      .orderBy(groupMemberships.createdAt, groupMemberships.userId);
  },

  async memberCounts(db: Executor, groupIds: number[]): Promise<Map<number, number>> {
    if (groupIds.length === 0) return new Map();
    const rows = await db
      .select({ id: groupMemberships.groupId, n: count() })
      .from(groupMemberships)
      .where(inArray(groupMemberships.groupId, groupIds))
      .groupBy(groupMemberships.groupId);
    return new Map(rows.map((row) => [row.id, Number(row.n)]));
  },

  /** Ends a membership: its period is kept for the group's statistics. */
  async removeMember(db: Executor, groupId: number, userId: number, at: Date) {
    const [gone] = await db
      .delete(groupMemberships)
      .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.userId, userId)))
      .returning();
    if (gone)
      await db
        .insert(groupMembershipPeriods)
        .values({ groupId, userId, joinedAt: gone.createdAt, leftAt: at });
    return gone;
  },

  async setAdmins(db: Executor, groupId: number, userIds: number[], isAdmin: boolean) {
    if (userIds.length === 0) return;
    await db
      .update(groupMemberships)
      .set({ isAdmin })
      .where(and(eq(groupMemberships.groupId, groupId), inArray(groupMemberships.userId, userIds)));
  },

  /** Every period of membership of these groups: the current ones (open) and the ended ones. */
  async periods(db: Executor, groupIds: number[]) {
    if (groupIds.length === 0) return [];
    const current = await db
      .select({
        key: groupMemberships.groupId,
        userId: groupMemberships.userId,
        from: groupMemberships.createdAt,
      })
      .from(groupMemberships)
      .where(inArray(groupMemberships.groupId, groupIds));
    const ended = await db
      .select({
        key: groupMembershipPeriods.groupId,
        userId: groupMembershipPeriods.userId,
        from: groupMembershipPeriods.joinedAt,
        to: groupMembershipPeriods.leftAt,
      })
      .from(groupMembershipPeriods)
      .where(inArray(groupMembershipPeriods.groupId, groupIds));
    return [...current.map((row) => ({ ...row, to: null })), ...ended];
  },

  /** A page of the groups a person belongs to, by name. */
  async listOfUser(db: Executor, userId: number, page: Keyset) {
    const { condition: after, order } = byGroupName(page);
    return db
      .select({ group: groups, isAdmin: groupMemberships.isAdmin })
      .from(groupMemberships)
      .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
      .where(and(eq(groupMemberships.userId, userId), after))
      .orderBy(...order)
      .limit(page.limit);
  },

  /** A page of an organisation's groups, by name. */
  async listOfBusiness(db: Executor, businessId: number, page: Keyset) {
    const { condition: after, order } = byGroupName(page);
    return db
      .select()
      .from(groups)
      .where(and(eq(groups.businessId, businessId), after))
      .orderBy(...order)
      .limit(page.limit);
  },

  async pendingRequest(db: Executor, groupId: number, userId: number): Promise<JoinRequestRow | undefined> {
    return lockedWhere(
      db,
      groupJoinRequests,
      and(
        eq(groupJoinRequests.groupId, groupId),
        eq(groupJoinRequests.userId, userId),
        eq(groupJoinRequests.status, 1),
      ),
    );
  },

  /** A pending request; a second one for the same person and group is the first (unique index). */
  async insertRequest(db: Executor, groupId: number, userId: number, at: Date) {
    await db
      .insert(groupJoinRequests)
      .values({ groupId, userId, status: 1, createdAt: at })
      .onConflictDoNothing();
  },

  async decideRequest(db: Executor, id: number, status: number, by: number, at: Date) {
    await db
      .update(groupJoinRequests)
      .set({ status, decidedBy: by, decidedAt: at })
      .where(eq(groupJoinRequests.id, id));
  },

  /** A page of a group's pending requests, oldest first (keyset on id). */
  async pendingRequests(db: Executor, groupId: number, page: Keyset) {
    const { condition, order } = oldestIdFirst(
      groupJoinRequests.id,
      page.cursor?.[0] as number | undefined,
      page.before,
    );
    return db
      .select()
      .from(groupJoinRequests)
      .where(and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.status, 1), condition))
      .orderBy(order)
      .limit(page.limit);
  },

  /** Wrong PINs the person tried since the time given. */
  /** When the person's wrong PINs since `since` were tried, oldest first; and those from the address. */
  async pinFailuresSince(db: Executor, userId: number, ip: string, since: Date) {
    const [byUser, byIp] = await Promise.all([
      db
        .select({ at: groupPinFailures.at })
        .from(groupPinFailures)
        .where(and(eq(groupPinFailures.userId, userId), gte(groupPinFailures.at, since)))
        .orderBy(asc(groupPinFailures.at)),
      db
        .select({ at: groupPinFailures.at })
        .from(groupPinFailures)
        .where(and(eq(groupPinFailures.ip, ip), gte(groupPinFailures.at, since)))
        .orderBy(asc(groupPinFailures.at)),
    ]);
    return { byUser: byUser.map((row) => row.at), byIp: byIp.map((row) => row.at) };
  },

  /** Records a wrong PIN; the person's and the address's failures older than the window are dropped on the way. */
  async addPinFailure(db: Executor, userId: number, ip: string, at: Date, windowStart: Date) {
    await db
      .delete(groupPinFailures)
      .where(
        and(
          or(eq(groupPinFailures.userId, userId), eq(groupPinFailures.ip, ip)),
          lt(groupPinFailures.at, windowStart),
        ),
      );
    await db.insert(groupPinFailures).values({ userId, ip, at });
  },

  async pinExists(db: Executor, pin: string) {
    const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.pin, pin));
    return row !== undefined;
  },
};

/** What other modules may write in the groups tables, each in the caller's transaction (decision 010). */
export const groupsWrites = {
  /** A deleted account leaves its groups. */
  removeUserMemberships: groupsRepository.removeUserMemberships,
  /**
   * Makes a person a member (an admin or not); a member already stays as they are. Answers whether
   * a membership was made (an accepted invitation, decision 023).
   */
  async addMember(db: Executor, groupId: number, userId: number, isAdmin: boolean, at: Date) {
    return (
      (await insertIfNew(db, groupMemberships, { groupId, userId, isAdmin, createdAt: at })) !== undefined
    );
  },
};

/** What other modules ask of the groups. */
export const groupsQueries = {
  /** A group by id (a fundraising team's leaderboard). */
  find: (db: Executor, id: number) => groupsRepository.find(db, id),
  /** The groups of which the person is the only admin (decision 031). */
  soleAdminOf: groupsRepository.soleAdminOf,

  /** The groups a person belongs to, by name (the session's group memberships). */
  membershipsOfUser(db: Executor, userId: number) {
    return membershipsOfUser(db, userId, [groupMemberships.groupId, groups.id], groups.name, {
      group_id: groups.id,
      name: groups.name,
      group_type: groups.groupType,
      is_admin: groupMemberships.isAdmin,
    });
  },

  /** A person's own pending requests to join groups, newest first (their requests list). */
  pendingRequestsOfUser(db: Executor, userId: number) {
    return db
      .select({
        id: groupJoinRequests.id,
        group_id: groups.id,
        name: groups.name,
        logo: groups.logo,
        status: groupJoinRequests.status,
        created_at: groupJoinRequests.createdAt,
      })
      .from(groupJoinRequests)
      .innerJoin(groups, eq(groups.id, groupJoinRequests.groupId))
      .where(and(eq(groupJoinRequests.userId, userId), eq(groupJoinRequests.status, 1)))
      .orderBy(desc(groupJoinRequests.createdAt), desc(groupJoinRequests.id));
  },

  /** Names of groups by id, for invitations that name them. */
  names(db: Executor, ids: number[]): Promise<Map<number, string>> {
    return namesById(db, groups, groups.name, ids);
  },

  /** GET /admin/group_list: groups by name, of a type, newest first, with their member counts. */
  adminList(db: Executor, filter: { q?: string | undefined; type?: number | undefined }, page: Keyset) {
    const { conditions, order } = newestFirst(groups.createdAt, groups.id, page.cursor, page.before);
    const where: (SQL | undefined)[] = [...conditions];
    if (filter.q) where.push(ilike(groups.name, likePattern(filter.q)));
    if (filter.type !== undefined) where.push(eq(groups.groupType, filter.type));
    return db
      .select({
        row: groups,
        at: exactTime(groups.createdAt),
        members:
          sql<number>`(select count(*) from ${groupMemberships} where ${groupMemberships.groupId} = ${groups.id})`.mapWith(
            Number,
          ),
      })
      .from(groups)
      .where(and(...where))
      .orderBy(...order)
      .limit(page.limit);
  },
};
