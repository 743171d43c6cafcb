import {
  ADMIN_TYPE,
  type BusinessMember,
  type BusinessMemberSetBody,
  type SignoffPeople,
  type SignoffPolicyBody,
  signoffPolicyProblem,
  strictestApprovals,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { memberPerson } from '../accounts/index.js';
import { usersQueries } from '../users/index.js';
import { organisationViews } from './organisation-views.js';
import {
  type BusinessRow,
  organisationsQueries,
  organisationsRepository,
  signoffPolicyOf,
} from './organisations.repository.js';

const { superAdmin, employee } = ADMIN_TYPE;

/**
 * An organisation's members (docs/product/organisations.md): listed for its members, their roles
 * changed by those who manage members (Super Admins by Super Admins), a member removed or leaving;
 * its sign-off admins and policy, kept possible to satisfy (decision 033).
 */
export function organisationMembersService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { found } = organisationViews(ctx);

  async function presentMembers(executor: Executor, businessId: number): Promise<BusinessMember[]> {
    const rows = await organisationsRepository.members(executor, businessId);
    const people = await usersQueries.activePeopleOf(executor, rows);
    return people
      .map(
        ({ person, row }): BusinessMember => ({
          ...memberPerson(person),
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
export type OrganisationMembersService = ReturnType<typeof organisationMembersService>;
