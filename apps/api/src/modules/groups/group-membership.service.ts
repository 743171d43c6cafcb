import {
  GROUP_JOIN_STATUS,
  GROUP_REQUEST_STATUS,
  type GroupJoinResult,
  type GroupMakeAdminsBody,
  type GroupMemberRemoveBody,
  type GroupMemberSetBody,
  type GroupRequest,
  type PageQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { usersQueries } from '../users/index.js';
import { PIN_FAILURES_ALLOWED, PIN_FAILURES_PER_ADDRESS, PIN_WINDOW_MS } from './group-pins.js';
import { groupViews } from './group-views.js';
import { groupsRepository, groupsWrites } from './groups.repository.js';

const lastAdmin = (message: string) => conflict('LAST_ADMIN', message, { new_admin_id: message });

/**
 * Joining and leaving groups (docs/product/organisations.md#groups): a person joins by PIN or asks
 * to; the group's admins answer requests and choose its admins; a last admin names who takes over.
 */
export function groupMembershipService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { found, presentMembers, changed } = groupViews(ctx);

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
    await changed(tx, groupId, 'member_left');
  }

  return {
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
        await groupsWrites.addMember(tx, group.id, user.id, false, now);
        await changed(tx, group.id, 'member_joined');
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
          if (body.status === GROUP_REQUEST_STATUS.accepted) {
            await groupsWrites.addMember(tx, id, body.user_id, false, ctx.now());
            await changed(tx, id, 'member_joined');
          }
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
}
export type GroupMembershipService = ReturnType<typeof groupMembershipService>;
