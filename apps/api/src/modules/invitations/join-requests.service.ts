import {
  ADMIN_TYPE,
  JOIN_REQUEST_STATUS,
  type JoinCreateBody,
  type JoinDecideBody,
  type JoinRequest,
  type PageQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { charitiesQueries } from '../charities/index.js';
import { groupsQueries } from '../groups/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { personNames, usersQueries } from '../users/index.js';
import { invitationTargets } from './invitation-targets.js';
import { invitationsRepository, type JoinRequestRow, type JoinTargetType } from './invitations.repository.js';
import type { InvitationsService } from './invitations.service.js';

/**
 * Requests to join an organisation or charity
 * (docs/product/organisations.md#invitations-and-requests-to-join, decision 023): a person asks,
 * sees and withdraws their own requests; the account's admins answer them. An accepted request
 * makes the membership as an accepted invitation does.
 */
export function joinRequestsService(
  ctx: AppContext,
  invitations: Pick<InvitationsService, 'join' | 'present'>,
) {
  const db = () => ctx.database.db;
  const { targetNames, isMember } = invitationTargets(ctx);
  const { join, present } = invitations;

  /** Requests with their askers; `activeOnly` leaves out people who deleted their account (lists). */
  async function presentJoins(rows: JoinRequestRow[], activeOnly = false): Promise<JoinRequest[]> {
    const name = await targetNames(rows);
    const people = await usersQueries.peopleOf(db(), rows);
    return people
      .filter(({ person }) => !activeOnly || !person.deletedAt)
      .map(({ person, row }) => ({
        id: row.id,
        ...personNames(person),
        email: person.email,
        target_type: row.targetType,
        target_id: row.targetId,
        target_name: name(row.targetType, row.targetId),
        message: row.message,
        status: row.status,
        requested_at: row.createdAt.toISOString(),
      }));
  }

  /** A target's pending join requests, oldest first, a page at a time (askers who left are not listed). */
  async function requestsPage(type: JoinTargetType, targetId: number, query: PageQuery) {
    const cursor = decodeCursor(query.cursor, ['id']);
    const rows = await invitationsRepository.pendingJoinsOfTarget(db(), type, targetId, {
      limit: query.limit + 1,
      cursor: cursor?.[0] as number | undefined,
      before: query.direction === 'before',
    });
    const presented = new Map((await presentJoins(rows, true)).map((item) => [item.id, item]));
    return toPage(
      rows.filter((row) => presented.has(row.id)),
      query,
      (row) => [row.id],
      (row) => presented.get(row.id) as JoinRequest,
    );
  }

  return {
    /** POST /join: ask to join an approved, unlocked organisation or charity. */
    async ask(auth: AuthUser | null, body: JoinCreateBody): Promise<JoinRequest> {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      if (body.target_type === 'business') {
        const row = await organisationsQueries.find(db(), body.target_id);
        if (row?.approvalStatus !== 'approved' || row.lockStatus) throw notFound('The organisation');
      } else {
        const row = await charitiesQueries.find(db(), body.target_id);
        if (row?.approvalStatus !== 'approved' || row.lockStatus) throw notFound('The charity');
      }
      if (await isMember(db(), body.target_type, body.target_id, user.id))
        throw conflict('ALREADY_MEMBER', 'You are already a member.');
      const row = await db().transaction(async (tx) => {
        const created = await invitationsRepository.insertJoin(
          tx,
          {
            userId: user.id,
            targetType: body.target_type,
            targetId: body.target_id,
            message: body.message ?? null,
          },
          ctx.now(),
        );
        if (!created)
          throw conflict('ALREADY_REQUESTED', 'You have already asked to join. Wait for an answer.');
        // Its admins are told by the notifications (docs/product/notifications.md).
        await ctx.events.record(tx, 'join_request.created', {
          request_id: created.id,
          target_type: body.target_type,
          target_id: body.target_id,
          user_id: user.id,
        });
        return created;
      });
      const [presented] = await presentJoins([row]);
      if (!presented) throw new Error('request vanished');
      return presented;
    },

    /** PATCH /join: an admin of the organisation or charity accepts or declines a request. */
    async decide(auth: AuthUser | null, body: JoinDecideBody): Promise<JoinRequest> {
      const row = await invitationsRepository.joinById(db(), body.request_id);
      const type: JoinTargetType = row?.targetType ?? 'business';
      const by = await ctx.access.require(
        auth,
        type === 'business' ? Permission.BusinessMembersManage : Permission.CharityMembersManage,
        [row?.targetId ?? 0],
      );
      if (!row) throw notFound('The request');
      const accept = body.action === 'accept';
      const decided = await db().transaction(async (tx) => {
        const done = await invitationsRepository.decideJoin(
          tx,
          row.id,
          accept ? JOIN_REQUEST_STATUS.accepted : JOIN_REQUEST_STATUS.declined,
          by.id,
          ctx.now(),
        );
        if (!done) throw conflict('REQUEST_DECIDED', 'This request was already answered or withdrawn.');
        if (accept) await join(tx, row.targetType, row.targetId, row.userId, ADMIN_TYPE.employee, null);
        await ctx.events.record(tx, 'join_request.decided', {
          request_id: row.id,
          target_type: row.targetType,
          target_id: row.targetId,
          user_id: row.userId,
          accepted: accept,
        });
        return done;
      });
      const [presented] = await presentJoins([decided]);
      if (!presented) throw new Error('request vanished');
      return presented;
    },

    /** PATCH /join/remove: the asker withdraws their pending request. */
    async withdraw(auth: AuthUser | null, requestId: number) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const row = await invitationsRepository.joinById(db(), requestId);
      if (!row) throw notFound('The request');
      if (row.userId !== user.id) throw forbidden('You can only withdraw your own requests.');
      const done = await invitationsRepository.decideJoin(
        db(),
        row.id,
        JOIN_REQUEST_STATUS.withdrawn,
        user.id,
        ctx.now(),
      );
      if (!done) throw conflict('REQUEST_DECIDED', 'This request was already answered or withdrawn.');
      return { message: 'Request withdrawn' };
    },

    /** GET /business/requests/{id}: people asking to join the organisation, oldest first. */
    async businessRequests(auth: AuthUser | null, businessId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.BusinessUpdate, [businessId]);
      if (!(await organisationsQueries.find(db(), businessId))) throw notFound('The organisation');
      return requestsPage('business', businessId, query);
    },

    /** GET /charity/requests/{id}: people asking to join the charity, oldest first. */
    async charityRequests(auth: AuthUser | null, charityId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.CharityMembersManage, [charityId]);
      if (!(await charitiesQueries.find(db(), charityId))) throw notFound('The charity');
      return requestsPage('charity', charityId, query);
    },

    /** GET /user/requests/{id}: a person's own pending join requests (groups' too) and invitations. */
    async userRequests(auth: AuthUser | null, userId: number) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [userId]);
      const person = await usersQueries.find(db(), user.id);
      if (!person) throw notFound('The person');
      const [joins, groupRequests, invites] = await Promise.all([
        invitationsRepository.pendingJoinsOfUser(db(), user.id),
        groupsQueries.pendingRequestsOfUser(db(), user.id),
        invitationsRepository.pendingForEmail(db(), person.email.toLowerCase(), ctx.now()),
      ]);
      return {
        join_requests: await presentJoins(joins),
        group_requests: groupRequests.map((row) => ({
          id: row.id,
          group_id: row.group_id,
          group_name: row.name,
          logo: row.logo,
          status: row.status,
          requested_at: row.created_at.toISOString(),
        })),
        invitations: await present(invites),
      };
    },
  };
}
export type JoinRequestsService = ReturnType<typeof joinRequestsService>;
