import type { PageQuery, ProjectSummary } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { ProjectAccess } from './project-access.js';
import { PROJECT_STATUS } from './project-status.js';
import { needsProgress } from './project-views.js';
import { projectsRepository } from './projects.repository.js';

const DAY = 86_400_000;
const { live } = PROJECT_STATUS;

/** Projects as their viewers read them: one project, its summary, and the lists of managers. */
export function projectsService(ctx: AppContext, access: ProjectAccess) {
  const { ledger } = ctx;
  const projectOwner = (id: number) => ({ ownerType: 'project', ownerId: id }) as const;
  const { viewable, present, listWhere } = access;

  return {
    viewable,

    async get(id: number, viewer: AuthUser | null) {
      const { row, manage, from } = await viewable(id, viewer);
      return present(row, viewer, manage, from);
    },

    async summary(id: number, viewer: AuthUser | null): Promise<ProjectSummary> {
      const { row, from } = await viewable(id, viewer);
      const counts = await projectsRepository.counts(from, id);
      const held = (await ledger.balances(from, projectOwner(id))).projectFunds;
      const daysLeft = row.endDate
        ? Math.max(0, Math.ceil((Date.parse(`${row.endDate}T23:59:59Z`) - ctx.now().getTime()) / DAY))
        : null;
      return {
        project_id: id,
        status: row.status,
        funds_target: row.fundsTarget,
        funds_raised: row.fundsRaised,
        funds_held: held,
        donors_count: row.donorsCount,
        ...needsProgress(row),
        updates_count: counts.updates,
        impacts_count: counts.impacts,
        days_left: row.status === live ? daysLeft : null,
        currency: ctx.config.currency,
      };
    },

    /** The charity's own projects (not the ones only asking it to take them); can_manage is the viewer's. */
    async charityProjects(charityId: number, status: number | undefined, query: PageQuery, viewer: AuthUser) {
      await ctx.access.require(viewer, Permission.CharityRead, [charityId]);
      return listWhere({ of: 'charity', charityId, status }, query, viewer.id, viewer);
    },

    async expired(charityId: number, query: PageQuery, viewer: AuthUser) {
      await ctx.access.require(viewer, Permission.CharityRead, [charityId]);
      return listWhere({ of: 'charity-expired', charityId }, query, viewer.id, viewer);
    },

    mine(userId: number, query: PageQuery) {
      return listWhere({ of: 'user', userId }, query, userId, true);
    },

    async ofBusiness(businessId: number, query: PageQuery, viewer: AuthUser) {
      await ctx.access.require(viewer, Permission.BusinessProjectsRead, [businessId]);
      return listWhere({ of: 'business', businessId }, query, viewer.id, viewer);
    },
  };
}
export type ProjectsService = ReturnType<typeof projectsService>;
