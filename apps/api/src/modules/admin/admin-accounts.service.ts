import type { AdminCharityListQuery, AdminGroupListQuery } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { charitiesQueries } from '../charities/index.js';
import { groupsQueries } from '../groups/index.js';
import { adminReads, presentAccount } from './admin-views.js';

/** The platform admin area's lists of accounts (docs/product/platform-admin.md): charities and groups. */
export function adminAccountsService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { newestFirstPage } = adminReads(ctx);

  return {
    /** GET /admin/charity_list */
    async charityList(auth: AuthUser | null, query: AdminCharityListQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      return newestFirstPage(
        query,
        (position) =>
          charitiesQueries.adminList(
            db(),
            {
              q: query.q || undefined,
              status: query.status,
              locked: query.locked === undefined ? undefined : query.locked === 'yes',
            },
            position,
          ),
        () => (r) => presentAccount(r.row),
      );
    },

    /** GET /admin/group_list */
    async groupList(auth: AuthUser | null, query: AdminGroupListQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      return newestFirstPage(
        query,
        (position) => groupsQueries.adminList(db(), { q: query.q || undefined, type: query.type }, position),
        () => (r) => ({
          id: r.row.id,
          name: r.row.name,
          group_type: r.row.groupType,
          is_public: r.row.isPublic,
          requires_approval: r.row.requiresApproval,
          members: r.members,
        }),
      );
    },
  };
}
export type AdminAccountsService = ReturnType<typeof adminAccountsService>;
