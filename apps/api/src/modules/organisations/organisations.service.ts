import {
  ADMIN_TYPE,
  type AdminBusinessCreateBody,
  type AdminLockBody,
  type Business,
  type BusinessCreateBody,
  type BusinessDecisionBody,
  type BusinessMember,
  type BusinessMemberSetBody,
  type BusinessUpdateBody,
  type MyBusiness,
  type PageQuery,
  type SignoffPeople,
  type SignoffPolicyBody,
  signoffPolicyProblem,
  strictestApprovals,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { deleteUpload, storeUpload, type UploadSource } from '../../lib/uploads.js';
import { auditLog } from '../audit/index.js';
import { lockNotice } from '../notices/index.js';
import { usersQueries } from '../users/index.js';
import {
  type BusinessRow,
  type NewBusiness,
  organisationsQueries,
  organisationsRepository,
  signoffPolicyOf,
} from './organisations.repository.js';

const { superAdmin, employee } = ADMIN_TYPE;

export function presentBusiness(row: BusinessRow): Business {
  return {
    id: row.id,
    name: row.name,
    registration_number: row.registrationNumber,
    description: row.description,
    logo: row.logo,
    is_franchise: row.isFranchise,
    parent_id: row.parentId,
    lock_status: row.lockStatus,
    approval_status: row.approvalStatus,
    rejection_reason: row.rejectionReason,
    signoff_policy: signoffPolicyOf(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** Found by others: approved, unlocked and not deleted. */
export const isPublicBusiness = (row: BusinessRow) =>
  row.approvalStatus === 'approved' && !row.lockStatus && !row.deletedAt;

function profileFields(body: BusinessUpdateBody): Partial<NewBusiness> {
  const values: Partial<NewBusiness> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.registration_number !== undefined)
    values.registrationNumber = body.registration_number?.toUpperCase() ?? null;
  if (body.description !== undefined) values.description = body.description;
  return values;
}

/**
 * Organisations (docs/product/organisations.md): the profile, its members and roles, its sign-off
 * admins and policy.
 */
export function organisationsService(ctx: AppContext) {
  const db = () => ctx.database.db;

  async function found(id: number, executor: Executor = db()): Promise<BusinessRow> {
    const row = await organisationsRepository.find(executor, id);
    if (!row) throw notFound('The organisation');
    return row;
  }

  async function presentMembers(executor: Executor, businessId: number): Promise<BusinessMember[]> {
    const rows = await organisationsRepository.members(executor, businessId);
    const people = await usersQueries.peopleOf(executor, rows);
    return people
      .filter(({ person }) => !person.deletedAt)
      .map(
        ({ person, row }): BusinessMember => ({
          user_id: person.id,
          first_name: person.firstName,
          last_name: person.lastName,
          email: person.email,
          avatar: person.avatar,
          admin_type: row.adminType,
          is_signoff_admin: row.isSignoffAdmin,
          joined_at: row.createdAt.toISOString(),
        }),
      )
      .sort(
        (a, b) =>
          a.admin_type - b.admin_type || a.last_name.localeCompare(b.last_name) || a.user_id - b.user_id,
      );
  }

  /**
   * Refuses a change of members that would leave a policy the sign-off admins could satisfy one they
   * never could (decision 033). Runs under the business's row lock.
   */
  async function assertSignoffStillPossible(tx: Executor, row: BusinessRow, after: SignoffPeople) {
    const policy = signoffPolicyOf(row);
    const before = await organisationsQueries.signoffPeople(tx, row.id);
    if (signoffPolicyProblem(policy, before) !== null) return;
    const problem = signoffPolicyProblem(policy, after);
    if (problem)
      throw conflict(
        'SIGNOFF_ADMINS_NEEDED',
        `The sign-off policy asks for ${strictestApprovals(policy)} approvals, and the person who asks never counts: after this change some donations could never collect them. Make another member a sign-off admin first, or ask for fewer approvals.`,
      );
  }

  return {
    found,

    /** POST /user/add/business: the person becomes its Super Admin; it waits for a platform admin. */
    async apply(auth: AuthUser | null, body: BusinessCreateBody) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const row = await db().transaction(async (tx) => {
        const created = await organisationsRepository.insert(
          tx,
          { ...profileFields(body), name: body.name, approvalStatus: 'pending', createdBy: user.id },
          ctx.now(),
        );
        await organisationsRepository.addMember(tx, created.id, user.id, superAdmin, ctx.now());
        return created;
      });
      return presentBusiness(row);
    },

    /** POST /business: a platform admin adds an approved organisation with a named Super Admin. */
    async createByAdmin(auth: AuthUser | null, body: AdminBusinessCreateBody) {
      const by = await ctx.access.require(auth, Permission.BusinessCreate);
      const person = await usersQueries.findByEmail(db(), body.admin_email);
      if (!person)
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'No account uses that email. Ask the person to register first.',
          {
            fields: { admin_email: 'No account with this email.' },
          },
        );
      const row = await db().transaction(async (tx) => {
        const created = await organisationsRepository.insert(
          tx,
          { ...profileFields(body), name: body.name, approvalStatus: 'approved', createdBy: by.id },
          ctx.now(),
        );
        await organisationsRepository.addMember(tx, created.id, person.id, superAdmin, ctx.now());
        await auditLog.record(tx, {
          actorId: by.id,
          action: 'business.create',
          targetType: 'business',
          targetId: created.id,
          details: { admin_id: person.id },
          at: ctx.now(),
        });
        return created;
      });
      return presentBusiness(row);
    },

    /** GET /business/{id}: anyone signed in sees an approved, unlocked one; members and platform admins any. */
    async get(auth: AuthUser | null, id: number) {
      const row = await organisationsRepository.find(db(), id);
      if (!row) throw notFound('The organisation');
      if (isPublicBusiness(row) || auth?.isIicAdmin) return presentBusiness(row);
      if (await ctx.access.can(auth, Permission.BusinessRead, id)) return presentBusiness(row);
      throw notFound('The organisation');
    },

    async update(auth: AuthUser | null, id: number, body: BusinessUpdateBody) {
      await ctx.access.require(auth, Permission.BusinessUpdate, [id]);
      await found(id);
      return presentBusiness(await organisationsRepository.update(db(), id, profileFields(body)));
    },

    /** Deletes an organisation: refused while it holds money or has sub-businesses. */
    async remove(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.BusinessDelete, [id]);
      const row = await found(id);
      const balances = await ctx.ledger.balances(db(), { ownerType: 'business', ownerId: id });
      if (balances.wallet > 0 || balances.credits > 0 || balances.held > 0)
        throw conflict(
          'BUSINESS_HAS_FUNDS',
          'The organisation still holds money (its wallet, credits or donations waiting for sign-off). Move or give it first.',
        );
      if ((await organisationsRepository.countChildren(db(), id)) > 0)
        throw conflict('BUSINESS_HAS_SUB_BUSINESSES', 'Delete or move its sub-businesses first.');
      await db().transaction(async (tx) => {
        await organisationsRepository.update(tx, id, { deletedAt: ctx.now() });
        await organisationsRepository.removeAllMembers(tx, id);
      });
      await deleteUpload(ctx.storage, row.logo);
      return { message: 'Organisation deleted' };
    },

    async mine(auth: AuthUser | null, query: PageQuery) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const cursor = decodeCursor(query.cursor, ['text', 'id']);
      const rows = await organisationsRepository.listOfUser(db(), user.id, {
        limit: query.limit + 1,
        cursor,
        before: query.direction === 'before',
      });
      return toPage(
        rows,
        query,
        (row) => [row.business.name, row.business.id],
        (row): MyBusiness => ({
          ...presentBusiness(row.business),
          admin_type: row.membership.adminType,
          is_signoff_admin: row.membership.isSignoffAdmin,
        }),
      );
    },

    async autocomplete(q: string, limit: number) {
      return { items: await organisationsRepository.autocomplete(db(), q, limit) };
    },

    async setLogo(auth: AuthUser | null, id: number, readFile: UploadSource) {
      await ctx.access.require(auth, Permission.BusinessUpdate, [id]);
      const row = await found(id);
      const upload = await readFile();
      const stored = await storeUpload(ctx.storage, 'logos', upload);
      const updated = await organisationsRepository.update(db(), id, { logo: stored.url });
      await deleteUpload(ctx.storage, row.logo);
      return presentBusiness(updated);
    },

    /** PATCH /admin/business/{id}/lock: a locked organisation moves no money and is not found by others. */
    /** PATCH /admin/business/{id}/lock: the reason goes to the audit log and to its Super Admins. */
    async setLock(auth: AuthUser | null, id: number, body: AdminLockBody) {
      const actor = await ctx.access.require(auth, Permission.BusinessLock);
      const row = await found(id);
      const locked = body.lock_status;
      const reason = body.reason || null;
      const updated = await db().transaction(async (tx) => {
        const next = await organisationsRepository.update(tx, id, { lockStatus: locked });
        await auditLog.record(tx, {
          actorId: actor.id,
          action: locked ? 'business.lock' : 'business.unlock',
          targetType: 'business',
          targetId: id,
          reason,
          details: { name: row.name },
          at: ctx.now(),
        });
        if (row.lockStatus !== locked) {
          const admins = await usersQueries.people(
            tx,
            await organisationsQueries.businessSuperAdminIds(tx, id),
          );
          for (const person of admins.filter((p) => !p.deletedAt))
            await ctx.notices.queue(
              tx,
              lockNotice({ to: person.email, kind: 'organisation', name: row.name, locked, reason }),
            );
        }
        return next;
      });
      return presentBusiness(updated);
    },

    /** GET /admin/business_list: organisations by approval status, newest first. */
    async reviewList(
      auth: AuthUser | null,
      query: PageQuery,
      status: BusinessRow['approvalStatus'],
      filter: { q?: string | undefined; locked?: boolean | undefined } = {},
    ) {
      await ctx.access.require(auth, Permission.BusinessReviewRead);
      const cursor = decodeCursor(query.cursor, ['id']);
      const rows = await organisationsRepository.listByApproval(
        db(),
        status,
        { limit: query.limit + 1, cursor, before: query.direction === 'before' },
        filter,
      );
      return toPage(rows, query, (row) => [row.id], presentBusiness);
    },

    /** POST /admin/business/pending/update: approve or reject a pending organisation; its Super Admins are mailed. */
    async decide(auth: AuthUser | null, body: BusinessDecisionBody) {
      const actor = await ctx.access.require(auth, Permission.BusinessReview);
      const row = await found(body.business_id);
      if (row.approvalStatus !== 'pending')
        throw conflict('ALREADY_DECIDED', `This organisation is already ${row.approvalStatus}.`);
      const approved = body.status === 'approved';
      const updated = await db().transaction(async (tx) => {
        const next = await organisationsRepository.update(tx, row.id, {
          approvalStatus: body.status,
          rejectionReason: approved ? null : (body.reason ?? null),
        });
        await auditLog.record(tx, {
          actorId: actor.id,
          action: approved ? 'business.approve' : 'business.reject',
          targetType: 'business',
          targetId: row.id,
          reason: body.reason,
          at: ctx.now(),
        });
        return next;
      });
      const admins = await usersQueries.people(
        db(),
        await organisationsQueries.businessSuperAdminIds(db(), row.id),
      );
      for (const person of admins.filter((p) => !p.deletedAt))
        await ctx.notices.queue(db(), {
          to: person.email,
          subject: approved
            ? `${row.name} is approved on Kindred`
            : `${row.name} was not approved on Kindred`,
          text: approved
            ? [
                `Good news: ${row.name} is approved.`,
                '',
                'It can now add money to its wallet and give.',
              ].join('\n')
            : [
                `We could not approve ${row.name}.`,
                '',
                `Reason: ${body.reason ?? 'not given'}`,
                '',
                'You can correct its details from the organisation profile and contact us to review it again.',
              ].join('\n'),
        });
      return presentBusiness(updated);
    },

    async members(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.BusinessRead, [id]);
      await found(id);
      return { items: await presentMembers(db(), id) };
    },

    /** GET /business/admins/{id}: its Super Admins and Admins. */
    async admins(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.BusinessRead, [id]);
      await found(id);
      return { items: (await presentMembers(db(), id)).filter((m) => m.admin_type !== employee) };
    },

    /** POST /membership/business/{id}/set: only a Super Admin makes or unmakes Super Admins; one always stays. */
    async setMember(auth: AuthUser | null, id: number, body: BusinessMemberSetBody) {
      const by = await ctx.access.require(auth, Permission.BusinessMembersManage, [id]);
      await found(id);
      return db().transaction(async (tx) => {
        const superAdmins = await organisationsRepository.lockSuperAdmins(tx, id);
        const member = await organisationsRepository.lockMembership(tx, id, body.user_id);
        if (!member) throw notFound('The member');
        if (member.adminType === body.admin_type) return { message: 'Member updated' };
        if (member.adminType === superAdmin || body.admin_type === superAdmin)
          await ctx.access.require(by, Permission.BusinessAdminsManage, [id], tx);
        if (member.adminType === superAdmin && superAdmins.length <= 1)
          throw conflict(
            'LAST_SUPER_ADMIN',
            'An organisation needs at least one Super Admin. Make someone else Super Admin first.',
          );
        await organisationsRepository.updateMember(tx, id, body.user_id, { adminType: body.admin_type });
        return { message: 'Member updated' };
      });
    },

    /** POST /membership/business/{id}/delete: removes a member, or lets one leave; the last Super Admin stays. */
    async removeMember(auth: AuthUser | null, id: number, userId: number) {
      const leaving = auth?.id === userId;
      const by = await ctx.access.require(
        auth,
        leaving ? Permission.BusinessRead : Permission.BusinessMembersManage,
        [id],
      );
      await found(id);
      return db().transaction(async (tx) => {
        const business = await organisationsRepository.lock(tx, id);
        if (!business) throw notFound('The organisation');
        const superAdmins = await organisationsRepository.lockSuperAdmins(tx, id);
        const member = await organisationsRepository.lockMembership(tx, id, userId);
        if (!member) throw notFound('The member');
        // Someone who leaves is never held back; a removal by an admin keeps the policy possible.
        if (!leaving) {
          const people = await organisationsQueries.signoffPeople(tx, id);
          await assertSignoffStillPossible(tx, business, {
            signoffAdmins: people.signoffAdmins - (member.isSignoffAdmin ? 1 : 0),
            otherMembers: people.otherMembers - (member.isSignoffAdmin ? 0 : 1),
          });
        }
        if (member.adminType === superAdmin) {
          if (superAdmins.length <= 1)
            throw conflict(
              'LAST_SUPER_ADMIN',
              'The last Super Admin of an organisation cannot be removed. Make another member Super Admin first.',
            );
          if (!leaving) await ctx.access.require(by, Permission.BusinessAdminsManage, [id], tx);
        }
        await organisationsRepository.removeMember(tx, id, userId);
        return { message: leaving ? 'Left the organisation' : 'Member removed' };
      });
    },

    /** GET /business/signoff-admins/{id} */
    async signoffAdmins(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.BusinessRead, [id]);
      await found(id);
      return { items: (await presentMembers(db(), id)).filter((m) => m.is_signoff_admin) };
    },

    /** GET /business/employees-without-signoff/{id}: members who could be made sign-off admins. */
    async withoutSignoff(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.BusinessRead, [id]);
      await found(id);
      return { items: (await presentMembers(db(), id)).filter((m) => !m.is_signoff_admin) };
    },

    async setSignoff(auth: AuthUser | null, id: number, userId: number, on: boolean) {
      await ctx.access.require(auth, Permission.BusinessSignoffManage, [id]);
      await found(id);
      return db().transaction(async (tx) => {
        const business = await organisationsRepository.lock(tx, id);
        if (!business) throw notFound('The organisation');
        const member = await organisationsRepository.lockMembership(tx, id, userId);
        if (!member) throw notFound('The member');
        if (!on && member.isSignoffAdmin) {
          const people = await organisationsQueries.signoffPeople(tx, id);
          await assertSignoffStillPossible(tx, business, {
            signoffAdmins: people.signoffAdmins - 1,
            otherMembers: people.otherMembers + 1,
          });
        }
        await organisationsRepository.updateMember(tx, id, userId, { isSignoffAdmin: on });
        return { message: on ? 'Sign-off admin added' : 'Sign-off admin removed' };
      });
    },

    async signoffPolicy(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.BusinessRead, [id]);
      return signoffPolicyOf(await found(id));
    },

    /**
     * PUT /business/{id}/signoff-policy: applies to donations waiting now as well as new ones. A
     * policy its sign-off admins could never satisfy is refused (decision 033).
     */
    async setSignoffPolicy(auth: AuthUser | null, id: number, body: SignoffPolicyBody) {
      await ctx.access.require(auth, Permission.BusinessSignoffManage, [id]);
      await found(id);
      const row = await db().transaction(async (tx) => {
        if (!(await organisationsRepository.lock(tx, id))) throw notFound('The organisation');
        const problem = signoffPolicyProblem(body, await organisationsQueries.signoffPeople(tx, id));
        if (problem)
          throw conflict(
            'SIGNOFF_POLICY_UNSATISFIABLE',
            `Its sign-off admins could never give some donations the approvals this policy asks for. ${problem.message}`,
            { [problem.field]: problem.message },
          );
        return organisationsRepository.update(tx, id, {
          signoffApprovals: body.approvals_required,
          signoffThreshold: body.threshold_amount,
          signoffApprovalsAbove: body.approvals_above_threshold,
        });
      });
      return signoffPolicyOf(row);
    },
  };
}
export type OrganisationsService = ReturnType<typeof organisationsService>;
