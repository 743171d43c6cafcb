import type { CharityMember } from '@kindred/shared';
import { ADMIN_TYPE } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { memberPerson } from '../accounts/index.js';
import { usersQueries } from '../users/index.js';
import { charitiesRepository } from './charities.repository.js';
import { ALL_PERMISSIONS } from './charity-views.js';

const { superAdmin } = ADMIN_TYPE;

/**
 * A charity's members (docs/product/projects-and-charities.md): listed for its members, their roles
 * and permissions changed by those who manage members (admins by admins), a member removed or
 * leaving; the last admin stays.
 */
export function charityMembersService(ctx: AppContext) {
  const db = () => ctx.database.db;

  return {
    async members(auth: AuthUser | null, id: number): Promise<CharityMember[]> {
      await ctx.access.require(auth, Permission.CharityRead, [id]);
      const members = await usersQueries.peopleOf(db(), await charitiesRepository.members(db(), id));
      // People come by last name, then id; a stable sort by admin type keeps that order within each type.
      return members
        .map(
          ({ person, row }): CharityMember => ({
            ...memberPerson(person),
            admin_type: row.adminType,
            permissions: row.permissions,
            joined_at: row.joinedAt.toISOString(),
          }),
        )
        .sort((a, b) => a.admin_type - b.admin_type);
    },

    async updateMember(
      auth: AuthUser | null,
      charityId: number,
      userId: number,
      body: { admin_type?: 1 | 2 | 99 | undefined; permissions?: string[] | undefined },
    ) {
      const by = await ctx.access.require(auth, Permission.CharityMembersManage, [charityId]);
      return db().transaction(async (tx) => {
        const member = await charitiesRepository.membership(tx, charityId, userId);
        if (!member) throw notFound('The member');
        const adminType = body.admin_type ?? member.adminType;
        const changesAdmin =
          adminType !== member.adminType && (adminType === superAdmin || member.adminType === superAdmin);
        if (changesAdmin) {
          // Managing members does not make someone an admin: only admins make or unmake admins.
          await ctx.access.require(by, Permission.CharityAdminsManage, [charityId], tx);
        }
        if (member.adminType === superAdmin && adminType !== superAdmin) {
          if ((await charitiesRepository.countAdmins(tx, charityId)) <= 1) {
            throw conflict(
              'LAST_ADMIN',
              'A charity needs at least one admin. Make someone else admin first.',
            );
          }
        }
        // A demoted admin keeps only the permissions given with the change, not an admin's.
        const demoted = member.adminType === superAdmin && adminType !== superAdmin;
        await charitiesRepository.updateMember(tx, charityId, userId, {
          adminType,
          permissions:
            adminType === superAdmin
              ? ALL_PERMISSIONS
              : (body.permissions ?? (demoted ? [] : member.permissions)),
        });
        return { message: 'Member updated' };
      });
    },

    /** Removes a member (or lets a member leave); the last admin stays. */
    async removeMember(auth: AuthUser | null, charityId: number, userId: number) {
      // Leaving takes being a member; removing someone else takes managing members.
      const leaving = auth?.id === userId;
      await ctx.access.require(auth, leaving ? Permission.CharityRead : Permission.CharityMembersManage, [
        charityId,
      ]);
      return db().transaction(async (tx) => {
        const member = await charitiesRepository.membership(tx, charityId, userId);
        if (!member) throw notFound('The member');
        if (member.adminType === superAdmin && (await charitiesRepository.countAdmins(tx, charityId)) <= 1) {
          throw conflict('LAST_ADMIN', 'The last admin of a charity cannot be removed.');
        }
        await charitiesRepository.removeMember(tx, charityId, userId);
        return { message: 'Member removed' };
      });
    },
  };
}
export type CharityMembersService = ReturnType<typeof charityMembersService>;
