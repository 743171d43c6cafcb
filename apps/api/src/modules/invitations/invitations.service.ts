import {
  ADMIN_TYPE,
  INVITATION_LIFETIME_DAYS,
  type Invitation,
  type InvitationConfirm,
  type InvitationCreateBody,
  type MembershipPatchBody,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { hashCode, newSingleUseCode } from '../../lib/tokens.js';
import { charitiesQueries, charitiesWrites } from '../charities/index.js';
import { groupsWrites } from '../groups/index.js';
import { organisationsQueries, organisationsWrites } from '../organisations/index.js';
import { projectsWrites } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import { invitationTargets } from './invitation-targets.js';
import {
  type InvitationRow,
  type InvitationTargetType,
  invitationsRepository,
} from './invitations.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const TARGET_WORD: Record<InvitationTargetType, string> = {
  business: 'organisation',
  charity: 'charity',
  project: 'project',
  group: 'group',
};

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
export function invitationsService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { targetNames, isMember, targetName } = invitationTargets(ctx);

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
      // Heard by the employees module, which places them in the sub-group a CSV row named.
      await ctx.events.record(tx, 'organisation.member_joined', {
        business_id: targetId,
        user_id: userId,
        sub_group_id: subGroupId,
      });
    } else if (type === 'charity') {
      const member = await charitiesQueries.membership(tx, targetId, userId);
      if (!member) await charitiesWrites.addMember(tx, targetId, userId, role, [], now);
    } else if (type === 'project') {
      await projectsWrites.addAdmin(tx, targetId, userId, now);
    } else {
      await groupsWrites.addMember(tx, targetId, userId, false, now);
      await ctx.events.record(tx, 'group.changed', { group_id: targetId, change: 'member_joined' });
    }
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

  return {
    invite,
    targetName,
    isMember,
    /** Join requests accept through it, so that joining an organisation is recorded the same way. */
    join,
    present,

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
  };
}
export type InvitationsService = ReturnType<typeof invitationsService>;
