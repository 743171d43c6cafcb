import {
  ADMIN_TYPE,
  INVITATION_LIFETIME_DAYS,
  type Invitation,
  type InvitationConfirm,
  type InvitationCreateBody,
  JOIN_REQUEST_STATUS,
  type JoinCreateBody,
  type JoinDecideBody,
  type JoinRequest,
  type MembershipPatchBody,
  type PageQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { hashCode, newSingleUseCode } from '../../lib/tokens.js';
import { charitiesQueries, charitiesWrites } from '../charities/index.js';
import { groupsQueries } from '../groups/index.js';
import { organisationsQueries, organisationsWrites } from '../organisations/index.js';
import { projectsQueries, projectsWrites } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import {
  type InvitationRow,
  type InvitationTargetType,
  invitationsRepository,
  type JoinRequestRow,
  type JoinTargetType,
} from './invitations.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const TARGET_WORD: Record<InvitationTargetType, string> = {
  business: 'organisation',
  charity: 'charity',
  project: 'project',
  group: 'group',
};

/** What other modules do when an invitation to an organisation is accepted (CSV onboarding places people in sub-groups). */
export interface InvitationHooks {
  businessJoined?(tx: Executor, businessId: number, userId: number, subGroupId: number | null): Promise<void>;
}

/** What the CSV onboarding asks of an invitation it makes. */
export interface InviteRequest {
  email: string;
  targetType: InvitationTargetType;
  targetId: number;
  targetName: string;
  adminType: number | null;
  subGroupId?: number | null;
  invitedBy: number;
  inviterName: string;
}

/**
 * Invitations by email and join requests
 * (docs/product/organisations.md#invitations-and-requests-to-join, decision 023): single-use codes
 * bound to the invited email, valid for 14 days; requests to join an organisation or charity that
 * its admins answer.
 */
export function invitationsService(ctx: AppContext, hooks: InvitationHooks = {}) {
  const db = () => ctx.database.db;

  async function targetNames(rows: Array<{ targetType: InvitationTargetType; targetId: number }>) {
    const ids = (type: InvitationTargetType) =>
      rows.filter((r) => r.targetType === type).map((r) => r.targetId);
    const [business, charity, project, group] = await Promise.all([
      organisationsQueries.names(db(), ids('business')),
      charitiesQueries.names(db(), ids('charity')),
      projectsQueries.titles(db(), ids('project')),
      groupsQueries.names(db(), ids('group')),
    ]);
    return (type: InvitationTargetType, id: number): string => {
      if (type === 'business') return business.get(id) ?? 'An organisation';
      if (type === 'charity') return charity.get(id)?.name ?? 'A charity';
      if (type === 'project') return project.get(id) ?? 'A project';
      return group.get(id) ?? 'A group';
    };
  }

  function statusOf(row: InvitationRow): Invitation['status'] {
    if (row.status === 'pending' && row.expiresAt.getTime() <= ctx.now().getTime()) return 'expired';
    return row.status;
  }

  async function present(rows: InvitationRow[]): Promise<Invitation[]> {
    const name = await targetNames(rows);
    const inviters = await usersQueries.names(
      db(),
      rows.flatMap((row) => (row.invitedBy ? [row.invitedBy] : [])),
    );
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      target_type: row.targetType,
      target_id: row.targetId,
      target_name: name(row.targetType, row.targetId),
      admin_type: row.adminType,
      status: statusOf(row),
      invited_by_name: row.invitedBy ? (inviters.get(row.invitedBy) ?? null) : null,
      expires_at: row.expiresAt.toISOString(),
      created_at: row.createdAt.toISOString(),
    }));
  }

  /** Requests with their askers; `activeOnly` leaves out people who deleted their account (lists). */
  async function presentJoins(rows: JoinRequestRow[], activeOnly = false): Promise<JoinRequest[]> {
    const name = await targetNames(rows);
    const people = await usersQueries.peopleOf(db(), rows);
    return people
      .filter(({ person }) => !activeOnly || !person.deletedAt)
      .map(({ person, row }) => ({
        id: row.id,
        user_id: person.id,
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        target_type: row.targetType,
        target_id: row.targetId,
        target_name: name(row.targetType, row.targetId),
        message: row.message,
        status: row.status,
        requested_at: row.createdAt.toISOString(),
      }));
  }

  /** Whether the person already belongs to the target. */
  async function isMember(executor: Executor, type: InvitationTargetType, targetId: number, userId: number) {
    if (type === 'business')
      return Boolean(await organisationsQueries.businessMembership(executor, targetId, userId));
    if (type === 'charity') return Boolean(await charitiesQueries.membership(executor, targetId, userId));
    return false;
  }

  /** Makes the membership an accepted invitation or request gives. */
  async function join(
    tx: Executor,
    type: InvitationTargetType,
    targetId: number,
    userId: number,
    adminType: number | null,
    subGroupId: number | null,
  ) {
    const now = ctx.now();
    const role = adminType ?? ADMIN_TYPE.employee;
    if (type === 'business') {
      const member = await organisationsQueries.businessMembership(tx, targetId, userId);
      if (!member) await organisationsWrites.addMember(tx, targetId, userId, role, now);
      await hooks.businessJoined?.(tx, targetId, userId, subGroupId);
    } else if (type === 'charity') {
      const member = await charitiesQueries.membership(tx, targetId, userId);
      if (!member) await charitiesWrites.addMember(tx, targetId, userId, role, [], now);
    } else if (type === 'project') {
      await projectsWrites.addAdmin(tx, targetId, userId, now);
    } else {
      await groupsQueries.addMember(tx, targetId, userId, false, now);
    }
  }

  /** The target an invitation names: it must exist (and not be deleted). */
  async function targetName(type: InvitationTargetType, id: number): Promise<string> {
    if (type === 'business') {
      const row = await organisationsQueries.find(db(), id);
      if (!row) throw notFound('The organisation');
      return row.name;
    }
    if (type === 'charity') {
      const row = await charitiesQueries.find(db(), id);
      if (!row) throw notFound('The charity');
      return row.name;
    }
    if (type === 'project') {
      const row = await projectsQueries.find(db(), id);
      if (!row) throw notFound('The project');
      return row.title;
    }
    const name = (await groupsQueries.names(db(), [id])).get(id);
    if (!name) throw notFound('The group');
    return name;
  }

  /** Who may invite to a target: its member managers (a Super Admin for Super Admins), a project's managers, a group's admins. */
  async function requireInviter(auth: AuthUser | null, body: InvitationCreateBody) {
    const id = body.target_id;
    switch (body.target_type) {
      case 'business': {
        const by = await ctx.access.require(auth, Permission.BusinessMembersManage, [id]);
        if (body.admin_type === ADMIN_TYPE.superAdmin)
          await ctx.access.require(by, Permission.BusinessAdminsManage, [id]);
        return by;
      }
      case 'charity': {
        const by = await ctx.access.require(auth, Permission.CharityMembersManage, [id]);
        if (body.admin_type === ADMIN_TYPE.superAdmin)
          await ctx.access.require(by, Permission.CharityAdminsManage, [id]);
        return by;
      }
      case 'project':
        return ctx.access.require(auth, Permission.ProjectManage, [id]);
      case 'group':
        return ctx.access.require(auth, Permission.GroupMembersInvite, [id]);
    }
  }

  /**
   * Makes an invitation and queues its mail in the caller's transaction. Answers undefined when
   * the email has a pending invitation to the target already (nothing is sent again).
   */
  async function invite(tx: Executor, request: InviteRequest): Promise<InvitationRow | undefined> {
    const now = ctx.now();
    if (await invitationsRepository.pendingFor(tx, request.email, request.targetType, request.targetId, now))
      return undefined;
    const { code, hash } = newSingleUseCode();
    const row = await invitationsRepository.insert(tx, {
      codeHash: hash,
      email: request.email,
      targetType: request.targetType,
      targetId: request.targetId,
      adminType: request.adminType,
      subGroupId: request.subGroupId ?? null,
      invitedBy: request.invitedBy,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
      createdAt: now,
    });
    const link = `${ctx.config.publicUrl}/invitation/${code}`;
    await ctx.notices.queue(tx, {
      to: request.email,
      subject: `You are invited to join ${request.targetName} on Kindred`,
      text: [
        `${request.inviterName} invites you to join the ${TARGET_WORD[request.targetType]} ${request.targetName} on Kindred.`,
        '',
        `Accept the invitation: ${link}`,
        '',
        `Your invitation code: ${code}`,
        '',
        `The invitation is for this email address only and works once, within ${INVITATION_LIFETIME_DAYS} days.`,
        'If you do not have an account yet, register with this email address first, then open the link again.',
      ].join('\n'),
    });
    return row;
  }

  /** The invited person, signed in: their account's email must be the invited one. */
  async function invitedPerson(auth: AuthUser, row: InvitationRow) {
    const person = await usersQueries.find(db(), auth.id);
    if (!person || person.email.toLowerCase() !== row.email)
      throw forbidden(
        'This invitation was sent to another email address. Sign in with that address to accept it.',
      );
    return person;
  }

  async function decideInvitation(auth: AuthUser, row: InvitationRow, action: 'accept' | 'decline') {
    await invitedPerson(auth, row);
    const status = statusOf(row);
    if (status === 'expired')
      throw conflict('INVITATION_EXPIRED', 'This invitation has expired. Ask for a new one.');
    if (status !== 'pending') throw conflict('INVITATION_USED', `This invitation was already ${status}.`);
    const decided = await db().transaction(async (tx) => {
      const done = await invitationsRepository.decide(
        tx,
        row.id,
        action === 'accept' ? 'accepted' : 'declined',
        action === 'accept' ? auth.id : null,
        ctx.now(),
      );
      if (!done) throw conflict('INVITATION_USED', 'This invitation was already used.');
      if (action === 'accept')
        await join(tx, done.targetType, done.targetId, auth.id, done.adminType, done.subGroupId);
      return done;
    });
    return decided;
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
    invite,
    targetName,
    isMember,

    /** POST /invitation/create */
    async create(auth: AuthUser | null, body: InvitationCreateBody): Promise<Invitation> {
      const by = await requireInviter(auth, body);
      const name = await targetName(body.target_type, body.target_id);
      const invited = await usersQueries.findByEmail(db(), body.email);
      if (invited && (await isMember(db(), body.target_type, body.target_id, invited.id)))
        throw conflict('ALREADY_MEMBER', 'This person is already a member.', { email: 'Already a member.' });
      const inviterName = (await usersQueries.names(db(), [by.id])).get(by.id) ?? 'Someone';
      const row = await db().transaction((tx) =>
        invite(tx, {
          email: body.email,
          targetType: body.target_type,
          targetId: body.target_id,
          targetName: name,
          adminType:
            body.target_type === 'business' || body.target_type === 'charity'
              ? (body.admin_type ?? ADMIN_TYPE.employee)
              : null,
          invitedBy: by.id,
          inviterName,
        }),
      );
      if (!row)
        throw conflict('ALREADY_INVITED', 'This email already has a pending invitation.', {
          email: 'Already invited.',
        });
      const [presented] = await present([row]);
      if (!presented) throw new Error('invitation vanished');
      return presented;
    },

    /**
     * GET /invitation/confirm/{code}: what the invitation is for; signed in as the invited email,
     * it is accepted. Nobody learns any email but the invited one.
     */
    async confirm(auth: AuthUser | null, code: string): Promise<InvitationConfirm> {
      const row = await invitationsRepository.byCodeHash(db(), hashCode(code));
      if (!row) throw notFound('The invitation');
      const person = auth ? await usersQueries.find(db(), auth.id) : undefined;
      const signedInAsInvited = Boolean(person && person.email.toLowerCase() === row.email);
      let current = row;
      let accepted = false;
      if (auth && signedInAsInvited && statusOf(row) === 'pending') {
        current = await decideInvitation(auth, row, 'accept');
        accepted = true;
      }
      const [invitation] = await present([current]);
      if (!invitation) throw new Error('invitation vanished');
      const hasAccount = Boolean(await usersQueries.findByEmail(db(), row.email));
      return { invitation, accepted, signed_in_as_invited: signedInAsInvited, has_account: hasAccount };
    },

    /** PATCH /membership: the invited person accepts or declines (by code or by id). */
    async respond(auth: AuthUser | null, body: MembershipPatchBody): Promise<Invitation> {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const row =
        body.code !== undefined
          ? await invitationsRepository.byCodeHash(db(), hashCode(body.code))
          : await invitationsRepository.byId(db(), body.invitation_id ?? 0);
      if (!row) throw notFound('The invitation');
      const decided = await decideInvitation(user, row, body.action);
      const [presented] = await present([decided]);
      if (!presented) throw new Error('invitation vanished');
      return presented;
    },

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
      const name = await targetName(body.target_type, body.target_id);
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
        const adminIds =
          body.target_type === 'business'
            ? await organisationsQueries.businessAdminIds(tx, body.target_id)
            : await charitiesQueries.adminIds(tx, body.target_id);
        const asker = (await usersQueries.names(tx, [user.id])).get(user.id) ?? 'Someone';
        for (const admin of await usersQueries.people(tx, adminIds))
          if (!admin.deletedAt)
            await ctx.notices.queue(tx, {
              to: admin.email,
              subject: `${asker} asks to join ${name}`,
              text: [
                `${asker} asks to join ${name} on Kindred.`,
                '',
                `Answer the request: ${ctx.config.publicUrl}/${body.target_type === 'business' ? 'organisation/requests' : 'charity/members'}`,
              ].join('\n'),
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
      const name = await targetName(row.targetType, row.targetId);
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
        const [asker] = await usersQueries.people(tx, [row.userId]);
        if (asker && !asker.deletedAt)
          await ctx.notices.queue(tx, {
            to: asker.email,
            subject: accept ? `You joined ${name}` : `Your request to join ${name}`,
            text: accept
              ? `${name} accepted your request: you are now a member on Kindred.`
              : `${name} did not accept your request to join.`,
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

    /** A target's pending invitations (the members screens and the group page show them). */
    async pendingInvitations(
      auth: AuthUser | null,
      type: 'business' | 'charity' | 'group',
      targetId: number,
    ) {
      const permission = {
        business: Permission.BusinessMembersManage,
        charity: Permission.CharityMembersManage,
        group: Permission.GroupMembersInvite,
      }[type];
      await ctx.access.require(auth, permission, [targetId]);
      return {
        items: await present(await invitationsRepository.pendingForTarget(db(), type, targetId, ctx.now())),
      };
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
export type InvitationsService = ReturnType<typeof invitationsService>;
