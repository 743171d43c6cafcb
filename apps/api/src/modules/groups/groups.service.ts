import { randomInt } from 'node:crypto';
import {
  GROUP_JOIN_STATUS,
  GROUP_REQUEST_STATUS,
  type Group,
  type GroupCreateBody,
  type GroupJoinResult,
  type GroupMakeAdminsBody,
  type GroupMember,
  type GroupMemberRemoveBody,
  type GroupMemberSetBody,
  type GroupMemberStats,
  type GroupRequest,
  type GroupStatistics,
  type GroupTotals,
  type GroupUpdateBody,
  type GroupWithTotals,
  type Page,
  type PageQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { deleteUpload, storeUpload, type UploadSource } from '../../lib/uploads.js';
import { donationsQueries, type GivingPeriod, type GivingTotals } from '../donations/index.js';
import { usersQueries } from '../users/index.js';
import { type GroupRow, groupsQueries, groupsRepository, type MembershipRow } from './groups.repository.js';

/** Wrong PINs a person may try in PIN_WINDOW_MS before joining is refused (decision 026). */
export const PIN_FAILURES_ALLOWED = 10;
/**
 * Wrong PINs one address may try in PIN_WINDOW_MS, whoever signs in there (decision 035): new
 * accounts behind one address get no fresh guesses; an office sharing an address has room to mistype.
 */
export const PIN_FAILURES_PER_ADDRESS = 30;
export const PIN_WINDOW_MS = 60 * 60 * 1000;

const EMPTY: GroupTotals = { funds: 0, volunteering_hours: 0, skilled_hours: 0, gifts: 0, gifts_value: 0 };

function add(a: GroupTotals, b: GivingTotals): GroupTotals {
  return {
    funds: a.funds + b.funds,
    volunteering_hours: a.volunteering_hours + b.volunteering,
    skilled_hours: a.skilled_hours + b.skilled,
    gifts: a.gifts + b.gifts,
    gifts_value: a.gifts_value + b.giftsValue,
  };
}

/**
 * A 6-digit PIN without a leading 0 (the PIN key filter never lets one be typed:
 * docs/product/limits-and-messages.md#form-checks).
 */
const newPin = () => String(randomInt(100_000, 1_000_000));

const lastAdmin = (message: string) => conflict('LAST_ADMIN', message, { new_admin_id: message });

/**
 * Groups (docs/product/organisations.md#groups): joined by PIN, run by their admins, counting their
 * members' giving.
 */
export function groupsService(ctx: AppContext) {
  const db = () => ctx.database.db;

  async function found(id: number, executor: Executor = db()): Promise<GroupRow> {
    const row = await groupsRepository.find(executor, id);
    if (!row) throw notFound('The group');
    return row;
  }

  /** The group as the person sees it: the PIN only for its admins. */
  async function present(row: GroupRow, auth: AuthUser | null, executor: Executor = db()): Promise<Group> {
    const [membership, counts, request] = await Promise.all([
      auth ? groupsRepository.membership(executor, row.id, auth.id) : undefined,
      groupsRepository.memberCounts(executor, [row.id]),
      auth ? groupsRepository.pendingRequest(executor, row.id, auth.id) : undefined,
    ]);
    return presentRow(
      row,
      counts.get(row.id) ?? 0,
      membership,
      request ? GROUP_REQUEST_STATUS.pending : null,
    );
  }

  function presentRow(
    row: GroupRow,
    members: number,
    membership: Pick<MembershipRow, 'isAdmin'> | undefined,
    requestStatus: number | null = null,
  ): Group {
    const isAdmin = membership?.isAdmin ?? false;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      group_type: row.groupType,
      business_id: row.businessId,
      logo: row.logo,
      requires_approval: row.requiresApproval,
      is_public: row.isPublic,
      members,
      pin: isAdmin ? row.pin : null,
      is_member: membership !== undefined,
      is_admin: isAdmin,
      request_status: requestStatus,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** A PIN no other group uses (tries again on the rare clash). */
  async function freePin(executor: Executor): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const pin = newPin();
      if (!(await groupsRepository.pinExists(executor, pin))) return pin;
    }
    throw new AppError(503, 'PIN_UNAVAILABLE', 'No free PIN was found. Try again.');
  }

  /** Totals per group of its members' giving while they were members. */
  async function totalsOfGroups(executor: Executor, groupIds: number[]): Promise<Map<number, GroupTotals>> {
    const periods: GivingPeriod[] = await groupsRepository.periods(executor, groupIds);
    const rows = await donationsQueries.givingInPeriods(executor, periods);
    const totals = new Map<number, GroupTotals>(groupIds.map((id) => [id, EMPTY]));
    for (const row of rows) totals.set(row.key, add(totals.get(row.key) ?? EMPTY, row));
    return totals;
  }

  async function presentMembers(executor: Executor, groupId: number): Promise<GroupMember[]> {
    const rows = await groupsRepository.members(executor, groupId);
    const people = await usersQueries.peopleOf(executor, rows);
    return people
      .filter(({ person }) => !person.deletedAt)
      .map(
        ({ person, row }): GroupMember => ({
          user_id: person.id,
          first_name: person.firstName,
          last_name: person.lastName,
          avatar: person.avatar,
          is_admin: row.isAdmin,
          joined_at: row.createdAt.toISOString(),
        }),
      )
      .sort(
        (a, b) =>
          Number(b.is_admin) - Number(a.is_admin) ||
          a.last_name.localeCompare(b.last_name) ||
          a.user_id - b.user_id,
      );
  }

  /** Reads a private group only as a member: to others it does not exist. */
  async function readable(auth: AuthUser | null, id: number): Promise<GroupRow> {
    const row = await found(id);
    if (!row.isPublic && !(await ctx.access.can(auth, Permission.GroupRead, id))) throw notFound('The group');
    return row;
  }

  /**
   * Ends a membership, keeping an admin: when the member is the last admin, `newAdminId` (another
   * member) becomes one, or the change is refused.
   */
  async function endMembership(
    tx: Executor,
    groupId: number,
    userId: number,
    newAdminId: number | undefined,
    leaving: boolean,
  ) {
    const members = await groupsRepository.lockMembers(tx, groupId);
    const member = members.find((m) => m.userId === userId);
    if (!member) throw notFound('The member');
    const otherAdmins = members.filter((m) => m.isAdmin && m.userId !== userId);
    if (member.isAdmin && otherAdmins.length === 0) {
      if (members.length === 1)
        throw lastAdmin(
          leaving
            ? 'You are the only member of this group. Delete the group instead.'
            : 'The only member of a group cannot be removed. Delete the group instead.',
        );
      const successor = members.find((m) => m.userId === newAdminId && m.userId !== userId);
      if (!successor)
        throw lastAdmin(
          newAdminId === undefined
            ? 'A group needs an admin. Choose a member to become admin first.'
            : 'The new admin must be another member of the group.',
        );
      await groupsRepository.setAdmins(tx, groupId, [successor.userId], true);
    }
    await groupsRepository.removeMember(tx, groupId, userId, ctx.now());
  }

  /** A page of groups with each group's totals. */
  async function withTotals(page: Page<Group>): Promise<Page<GroupWithTotals>> {
    const totals = await totalsOfGroups(
      db(),
      page.items.map((g) => g.id),
    );
    return { ...page, items: page.items.map((g) => ({ ...g, totals: totals.get(g.id) ?? EMPTY })) };
  }

  const service = {
    found,

    /** POST /group/create: the person becomes its first admin; the group gets a free PIN. */
    async create(auth: AuthUser | null, body: GroupCreateBody) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      if (body.business_id) await ctx.access.require(user, Permission.BusinessUpdate, [body.business_id]);
      const row = await db().transaction(async (tx) => {
        const created = await groupsRepository.insert(tx, {
          name: body.name,
          description: body.description ?? null,
          groupType: body.type,
          businessId: body.business_id ?? null,
          requiresApproval: body.requires_approval,
          isPublic: body.is_public,
          pin: await freePin(tx),
          createdBy: user.id,
          createdAt: ctx.now(),
        });
        await groupsQueries.addMember(tx, created.id, user.id, true, ctx.now());
        return created;
      });
      return presentRow(row, 1, { isAdmin: true });
    },

    /** GET /group/{id}: a public group for anyone signed in; a private one for its members. */
    async get(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      return present(await readable(auth, id), auth);
    },

    async update(auth: AuthUser | null, id: number, body: GroupUpdateBody) {
      await ctx.access.require(auth, Permission.GroupManage, [id]);
      await found(id);
      const values: Partial<GroupRow> = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.description !== undefined) values.description = body.description ?? null;
      if (body.requires_approval !== undefined) values.requiresApproval = body.requires_approval;
      if (body.is_public !== undefined) values.isPublic = body.is_public;
      const row =
        Object.keys(values).length > 0 ? await groupsRepository.update(db(), id, values) : await found(id);
      return present(row, auth);
    },

    async remove(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.GroupManage, [id]);
      const row = await found(id);
      await groupsRepository.delete(db(), id);
      await deleteUpload(ctx.storage, row.logo);
      return { message: 'Group deleted' };
    },

    async setLogo(auth: AuthUser | null, id: number, readFile: UploadSource) {
      await ctx.access.require(auth, Permission.GroupManage, [id]);
      const row = await found(id);
      const upload = await readFile();
      const stored = await storeUpload(ctx.storage, 'logos', upload);
      const updated = await groupsRepository.update(db(), id, { logo: stored.url });
      await deleteUpload(ctx.storage, row.logo);
      return present(updated, auth);
    },

    /** POST /group/{id}/generate_new_pin: the old PIN stops working at once. */
    async newPin(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.GroupManage, [id]);
      await found(id);
      const row = await db().transaction(async (tx) => {
        await groupsRepository.lock(tx, id);
        return groupsRepository.update(tx, id, { pin: await freePin(tx) });
      });
      return present(row, auth);
    },

    /** GET /group/individual/{id}/list: the groups a person belongs to (themself only). */
    async ofUser(auth: AuthUser | null, userId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.UserSelf, [userId]);
      const cursor = decodeCursor(query.cursor, ['text', 'id']);
      const rows = await groupsRepository.listOfUser(db(), userId, {
        limit: query.limit + 1,
        cursor,
        before: query.direction === 'before',
      });
      const counts = await groupsRepository.memberCounts(
        db(),
        rows.map((r) => r.group.id),
      );
      return toPage(
        rows,
        query,
        (row) => [row.group.name, row.group.id],
        (row) => presentRow(row.group, counts.get(row.group.id) ?? 0, { isAdmin: row.isAdmin }),
      );
    },

    /** GET /group/business/{id}/list: an organisation's groups (its members). */
    async ofBusiness(auth: AuthUser | null, businessId: number, query: PageQuery) {
      const user = await ctx.access.require(auth, Permission.BusinessRead, [businessId]);
      const cursor = decodeCursor(query.cursor, ['text', 'id']);
      const rows = await groupsRepository.listOfBusiness(db(), businessId, {
        limit: query.limit + 1,
        cursor,
        before: query.direction === 'before',
      });
      const ids = rows.map((r) => r.id);
      const counts = await groupsRepository.memberCounts(db(), ids);
      const mine = await ctx.access.allowed(user, Permission.GroupRead, ids);
      const admin = await ctx.access.allowed(user, Permission.GroupManage, ids);
      return toPage(
        rows,
        query,
        (row) => [row.name, row.id],
        (row) =>
          presentRow(
            row,
            counts.get(row.id) ?? 0,
            mine.has(row.id) ? { isAdmin: admin.has(row.id) } : undefined,
          ),
      );
    },

    /** GET /group/individual/{id}/list_with_total_stats */
    async ofUserWithTotals(auth: AuthUser | null, userId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.UserSelf, [userId]);
      return withTotals(await service.ofUser(auth, userId, query));
    },

    /** GET /group/business/{id}/list_with_total_stats */
    async ofBusinessWithTotals(auth: AuthUser | null, businessId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.BusinessRead, [businessId]);
      return withTotals(await service.ofBusiness(auth, businessId, query));
    },

    /** GET /group/{id}/admins */
    async admins(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      await readable(auth, id);
      return { items: (await presentMembers(db(), id)).filter((m) => m.is_admin) };
    },

    /** GET /group/members_total_statistics/{id}: every member with what they gave while a member (the leaderboard). */
    async memberStatistics(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.GroupRead, [id]);
      await found(id);
      const members = await presentMembers(db(), id);
      const periods = await groupsRepository.periods(db(), [id]);
      const current = new Set(members.map((m) => m.user_id));
      const rows = await donationsQueries.givingInPeriods(
        db(),
        periods.filter((p) => current.has(p.userId)).map((p) => ({ ...p, key: p.userId })),
      );
      const byUser = new Map<number, GroupTotals>();
      for (const row of rows) byUser.set(row.key, add(byUser.get(row.key) ?? EMPTY, row));
      const items: GroupMemberStats[] = members
        .map((m) => ({ ...m, totals: byUser.get(m.user_id) ?? EMPTY }))
        .sort(
          (a, b) =>
            b.totals.funds - a.totals.funds ||
            b.totals.volunteering_hours +
              b.totals.skilled_hours -
              (a.totals.volunteering_hours + a.totals.skilled_hours) ||
            b.totals.gifts - a.totals.gifts ||
            a.last_name.localeCompare(b.last_name) ||
            a.user_id - b.user_id,
        );
      return { items };
    },

    /** GET /group/total_statistics/{id}: the group's totals and their months (former members' time included). */
    async statistics(auth: AuthUser | null, id: number): Promise<GroupStatistics> {
      await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      await readable(auth, id);
      const periods = await groupsRepository.periods(db(), [id]);
      const months = await donationsQueries.givingInPeriodsByMonth(db(), periods);
      const counts = await groupsRepository.memberCounts(db(), [id]);
      let totals = EMPTY;
      const byMonth = months.map((m) => {
        totals = add(totals, m);
        return { month: m.month, ...add(EMPTY, m) };
      });
      return { group_id: id, members: counts.get(id) ?? 0, totals, by_month: byMonth };
    },

    /** GET /group/{id}/requests: people waiting for an answer, oldest first (admins). */
    async requests(auth: AuthUser | null, id: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.GroupManage, [id]);
      await found(id);
      const cursor = decodeCursor(query.cursor, ['id']);
      const rows = await groupsRepository.pendingRequests(db(), id, {
        limit: query.limit + 1,
        cursor,
        before: query.direction === 'before',
      });
      const people = new Map(
        (
          await usersQueries.people(
            db(),
            rows.map((r) => r.userId),
          )
        ).map((p) => [p.id, p]),
      );
      return toPage(
        rows,
        query,
        (row) => [row.id],
        (row): GroupRequest => {
          const person = people.get(row.userId);
          return {
            id: row.id,
            group_id: row.groupId,
            user_id: row.userId,
            first_name: person?.firstName ?? '',
            last_name: person?.lastName ?? '',
            avatar: person?.avatar ?? null,
            status: row.status,
            created_at: row.createdAt.toISOString(),
          };
        },
      );
    },

    /**
     * POST /group/join: the PIN finds the group; one that requires approval takes a request
     * (status 1), any other a member (status 2). Wrong PINs are limited per person and per address.
     */
    async join(auth: AuthUser | null, pin: string, ip: string): Promise<GroupJoinResult> {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const now = ctx.now();
      const windowStart = new Date(now.getTime() - PIN_WINDOW_MS);
      const failures = await groupsRepository.pinFailuresSince(db(), user.id, ip, windowStart);
      // The one that frees up last decides the wait.
      const waits = [
        { times: failures.byUser, allowed: PIN_FAILURES_ALLOWED },
        { times: failures.byIp, allowed: PIN_FAILURES_PER_ADDRESS },
      ]
        .filter(({ times, allowed }) => times.length >= allowed)
        .map(({ times, allowed }) => (times[times.length - allowed] ?? now).getTime() + PIN_WINDOW_MS);
      if (waits.length > 0) {
        const seconds = Math.max(1, Math.ceil((Math.max(...waits) - now.getTime()) / 1000));
        throw new AppError(
          429,
          'TOO_MANY_ATTEMPTS',
          `Too many wrong PINs. Try again in ${Math.ceil(seconds / 60)} minutes.`,
          { retry_after_seconds: seconds },
        );
      }
      const group = await groupsRepository.findByPin(db(), pin);
      if (!group) {
        await groupsRepository.addPinFailure(db(), user.id, ip, now, windowStart);
        throw new AppError(404, 'PIN_NOT_FOUND', 'No group has this PIN. Check it with the group’s admin.', {
          fields: { pin: 'No group has this PIN.' },
        });
      }
      return db().transaction(async (tx) => {
        await groupsRepository.lock(tx, group.id);
        if (await groupsRepository.membership(tx, group.id, user.id))
          throw conflict('ALREADY_MEMBER', 'You are already a member of this group.', {
            pin: 'You are already a member of this group.',
          });
        if (group.requiresApproval) {
          await groupsRepository.insertRequest(tx, group.id, user.id, now);
          return { status: GROUP_JOIN_STATUS.pending, group_id: group.id };
        }
        await groupsQueries.addMember(tx, group.id, user.id, false, now);
        return { status: GROUP_JOIN_STATUS.joined, group_id: group.id };
      });
    },

    /** POST /group/leave: a last admin names the member who takes over. */
    async leave(auth: AuthUser | null, groupId: number, newAdminId?: number) {
      const user = await ctx.access.require(auth, Permission.GroupRead, [groupId]);
      await db().transaction(async (tx) => {
        await endMembership(tx, groupId, user.id, newAdminId, true);
      });
      return { code: 200 as const, message: 'Left Group' };
    },

    /** POST /membership/group/{id}/set: accept or decline a request, or make a member an admin or not. */
    async setMember(auth: AuthUser | null, id: number, body: GroupMemberSetBody) {
      const by = await ctx.access.require(auth, Permission.GroupManage, [id]);
      await found(id);
      return db().transaction(async (tx) => {
        await groupsRepository.lock(tx, id);
        if (body.status !== undefined) {
          const request = await groupsRepository.pendingRequest(tx, id, body.user_id);
          if (!request) throw notFound('The join request');
          await groupsRepository.decideRequest(tx, request.id, body.status, by.id, ctx.now());
          if (body.status === GROUP_REQUEST_STATUS.accepted)
            await groupsQueries.addMember(tx, id, body.user_id, false, ctx.now());
          return {
            message: body.status === GROUP_REQUEST_STATUS.accepted ? 'Request accepted' : 'Request declined',
          };
        }
        const members = await groupsRepository.lockMembers(tx, id);
        const member = members.find((m) => m.userId === body.user_id);
        if (!member) throw notFound('The member');
        if (member.isAdmin && !body.is_admin) {
          const others = members.filter((m) => m.isAdmin && m.userId !== body.user_id);
          if (others.length === 0) {
            const successor = members.find(
              (m) => m.userId === body.new_admin_id && m.userId !== body.user_id,
            );
            if (!successor) throw lastAdmin('A group needs an admin. Choose a member to become admin first.');
            await groupsRepository.setAdmins(tx, id, [successor.userId], true);
          }
        }
        await groupsRepository.setAdmins(tx, id, [body.user_id], body.is_admin ?? false);
        return { message: 'Member updated' };
      });
    },

    /** POST /membership/group/remove: an admin removes a member (the last admin names another). */
    async removeMember(auth: AuthUser | null, body: GroupMemberRemoveBody) {
      await ctx.access.require(auth, Permission.GroupManage, [body.group_id]);
      await db().transaction(async (tx) => {
        await endMembership(tx, body.group_id, body.user_id, body.new_admin_id, auth?.id === body.user_id);
      });
      return { message: 'Member removed' };
    },

    /** POST /membership/group/make_admins: members become admins. */
    async makeAdmins(auth: AuthUser | null, body: GroupMakeAdminsBody) {
      await ctx.access.require(auth, Permission.GroupManage, [body.group_id]);
      await db().transaction(async (tx) => {
        const members = new Set((await groupsRepository.lockMembers(tx, body.group_id)).map((m) => m.userId));
        const strangers = body.user_ids.filter((userId) => !members.has(userId));
        if (strangers.length > 0)
          throw new AppError(400, 'VALIDATION_FAILED', 'Only members of the group can become admins.', {
            fields: { user_ids: 'Choose members of the group.' },
          });
        await groupsRepository.setAdmins(tx, body.group_id, body.user_ids, true);
      });
      return { items: (await presentMembers(db(), body.group_id)).filter((m) => m.is_admin) };
    },
  };
  return service;
}
export type GroupsService = ReturnType<typeof groupsService>;
