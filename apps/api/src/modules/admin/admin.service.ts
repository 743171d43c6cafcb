import {
  ADMIN_TYPE,
  type AdminEraseBody,
  type AdminUserListQuery,
  type AdminUserUpdateBody,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { deleteUpload } from '../../lib/uploads.js';
import { auditLog } from '../audit/index.js';
import { charitiesQueries } from '../charities/index.js';
import { donationsQueries } from '../donations/index.js';
import { ledgerQueries } from '../ledger/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import { eraseUser, type NewUser, usersQueries, usersWrites } from '../users/index.js';
import { adminReads, presentAdminUser } from './admin-views.js';

/**
 * The platform admin area (docs/product/platform-admin.md; decision 028): people, accounts,
 * expiring projects.
 */
export function adminService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { newestFirstPage, person, detail, projectAdmins } = adminReads(ctx);

  return {
    /** GET /admin/user_list */
    async userList(auth: AuthUser | null, query: AdminUserListQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      return newestFirstPage(
        query,
        (position) =>
          usersQueries.adminList(
            db(),
            {
              q: query.q || undefined,
              status: query.status,
              platformAdmin: query.platform_admin === undefined ? undefined : query.platform_admin === 'yes',
            },
            position,
          ),
        () => (r) => presentAdminUser(r.row),
      );
    },

    /** GET /admin/user/{id} */
    async user(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.PlatformRead);
      return detail(await person(id));
    },

    /** PATCH /admin/user: activate, deactivate, make or unmake a platform admin, correct details. */
    async updateUser(auth: AuthUser | null, body: AdminUserUpdateBody) {
      const actor = await ctx.access.require(auth, Permission.PlatformPeopleManage);
      const adminChange = body.is_iic_admin !== undefined || body.admin_type !== undefined;
      if (adminChange) await ctx.access.require(auth, Permission.PlatformAdminsManage);
      const row = await person(body.user_id);
      if (row.deletedAt) throw conflict('USER_DELETED', 'This person has deleted their account.');
      if (row.id === actor.id && (body.action === 'deactivate' || body.is_iic_admin === false))
        throw conflict('NOT_YOURSELF', 'You cannot deactivate yourself or take away your own admin rights.');
      const now = ctx.now();
      const changes: Partial<NewUser> = {};
      const corrected: Record<string, unknown> = {};
      if (body.first_name !== undefined && body.first_name !== row.firstName)
        corrected.first_name = changes.firstName = body.first_name;
      if (body.last_name !== undefined && body.last_name !== row.lastName)
        corrected.last_name = changes.lastName = body.last_name;
      if (body.phone !== undefined && body.phone !== row.phone)
        corrected.phone = changes.phone = body.phone || null;
      const emailChanged = body.email !== undefined && body.email.toLowerCase() !== row.email.toLowerCase();
      if (emailChanged && body.email) {
        if (await usersQueries.emailTaken(db(), body.email))
          throw conflict('EMAIL_TAKEN', 'Another account uses this email.', { email: 'Already in use.' });
        corrected.email = changes.email = body.email;
      }
      if (body.action === 'deactivate') changes.deactivatedAt = now;
      if (body.action === 'activate') Object.assign(changes, { deactivatedAt: null, isActive: true });
      if (adminChange) {
        const makeAdmin = body.is_iic_admin ?? (body.admin_type != null ? true : row.isIicAdmin);
        changes.isIicAdmin = makeAdmin;
        changes.adminType = makeAdmin ? (body.admin_type ?? row.adminType ?? ADMIN_TYPE.employee) : null;
      }
      const updated = await db().transaction(async (tx) => {
        let next = await usersWrites.update(tx, row.id, changes, now);
        // Deactivation and a new email end every session the person has.
        if (body.action === 'deactivate' || emailChanged)
          next = await usersWrites.revokeTokens(tx, row.id, now);
        const entry = {
          actorId: actor.id,
          targetType: 'user' as const,
          targetId: row.id,
          reason: body.reason,
          at: now,
        };
        if (body.action) await auditLog.record(tx, { ...entry, action: `user.${body.action}` });
        if (adminChange)
          await auditLog.record(tx, {
            ...entry,
            action: next.isIicAdmin ? 'user.admin.set' : 'user.admin.unset',
            details: { admin_type: next.adminType, before: row.isIicAdmin ? row.adminType : null },
          });
        if (Object.keys(corrected).length > 0) {
          await auditLog.record(tx, {
            ...entry,
            action: 'user.correct',
            details: { changed: Object.keys(corrected) },
          });
          await ctx.events.record(tx, 'person.changed', { user_id: row.id, change: 'updated' });
        }
        return next;
      });
      return detail(updated);
    },

    /** POST /admin/user/{id}/erase: erases a person on request; their donations stay, anonymised. */
    async eraseUser(auth: AuthUser | null, id: number, body: AdminEraseBody) {
      const actor = await ctx.access.require(auth, Permission.PlatformPersonErase);
      const row = await person(id);
      if (row.deletedAt) throw conflict('USER_DELETED', 'This person is already erased.');
      if (row.id === actor.id) throw conflict('NOT_YOURSELF', 'You cannot erase yourself here.');
      const now = ctx.now();
      await db().transaction(async (tx) => {
        await eraseUser(tx, row.id, now);
        await ctx.events.record(tx, 'person.changed', { user_id: row.id, change: 'deleted' });
        await auditLog.record(tx, {
          actorId: actor.id,
          action: 'user.erase',
          targetType: 'user',
          targetId: row.id,
          reason: body.reason,
          at: now,
        });
      });
      await deleteUpload(ctx.storage, row.avatar);
      return detail(await person(id));
    },

    /** GET /admin/export/{type}/{id}: a person's or an account's data as JSON. */
    async exportData(auth: AuthUser | null, type: 'user' | 'business' | 'charity' | 'project', id: number) {
      const actor = await ctx.access.require(auth, Permission.PlatformDataExport);
      let data: Record<string, unknown>;
      if (type === 'user') {
        const row = await person(id);
        const { passwordHash: _p, tokenVersion: _t, ...profile } = row;
        data = {
          profile,
          ...(await detail(row)),
          donations: await donationsQueries.ofUser(db(), id),
        };
      } else if (type === 'business') {
        const row = await organisationsQueries.business(db(), id);
        if (!row) throw notFound('The organisation');
        data = {
          organisation: row,
          wallet: await ledgerQueries.balances(
            db(),
            { ownerType: 'business', ownerId: id },
            ctx.config.currency,
          ),
        };
      } else if (type === 'charity') {
        const row = await charitiesQueries.byId(db(), id);
        if (!row) throw notFound('The charity');
        const { search: _s, ...charity } = row;
        data = {
          charity,
          funds: await ledgerQueries.balances(
            db(),
            { ownerType: 'charity', ownerId: id },
            ctx.config.currency,
          ),
          projects: await projectsQueries.idsOfCharity(db(), id),
        };
      } else {
        const row = await projectsQueries.find(db(), id);
        if (!row) throw notFound('The project');
        const { search: _s, ...project } = row;
        data = {
          project,
          admins: await projectAdmins(row.id, row.charityId),
          funds: await ledgerQueries.balances(
            db(),
            { ownerType: 'project', ownerId: id },
            ctx.config.currency,
          ),
        };
      }
      await db().transaction((tx) =>
        auditLog.record(tx, {
          actorId: actor.id,
          action: `${type}.export`,
          targetType: type,
          targetId: id,
          at: ctx.now(),
        }),
      );
      return {
        type,
        id,
        exported_at: ctx.now().toISOString(),
        audit: await auditLog.about(db(), type, id),
        data,
      };
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
