import type {
  GroupCreateBody,
  GroupMemberStats,
  GroupStatistics,
  GroupTotals,
  GroupUpdateBody,
  PageQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { deleteUpload, replacePicture, type UploadSource } from '../../lib/uploads.js';
import { donationsQueries } from '../donations/index.js';
import { freePin } from './group-pins.js';
import { add, EMPTY, groupViews } from './group-views.js';
import { type GroupRow, groupsRepository, groupsWrites } from './groups.repository.js';

/**
 * Groups (docs/product/organisations.md#groups): created and run by their admins, read by their
 * members (and anyone signed in, for a public one), counting their members' giving.
 */
export function groupsService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { found, present, presentRow, presentMembers, readable, withTotals, changed } = groupViews(ctx);

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
        await groupsWrites.addMember(tx, created.id, user.id, true, ctx.now());
        await changed(tx, created.id, 'created');
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
        Object.keys(values).length > 0
          ? await db().transaction(async (tx) => {
              const next = await groupsRepository.update(tx, id, values);
              await changed(tx, id, 'updated');
              return next;
            })
          : await found(id);
      return present(row, auth);
    },

    async remove(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.GroupManage, [id]);
      const row = await found(id);
      await db().transaction(async (tx) => {
        await groupsRepository.delete(tx, id);
        await changed(tx, id, 'deleted');
      });
      await deleteUpload(ctx.storage, row.logo);
      return { message: 'Group deleted' };
    },

    async setLogo(auth: AuthUser | null, id: number, readFile: UploadSource) {
      await ctx.access.require(auth, Permission.GroupManage, [id]);
      const row = await found(id);
      const updated = await replacePicture(ctx.storage, 'logos', readFile, row.logo, (url) =>
        db().transaction(async (tx) => {
          const next = await groupsRepository.update(tx, id, { logo: url });
          await changed(tx, id, 'logo');
          return next;
        }),
      );
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
  };
  return service;
}
export type GroupsService = ReturnType<typeof groupsService>;
