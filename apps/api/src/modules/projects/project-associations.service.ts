import { ASSOCIATION_STATUS, type PageQuery } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { charitiesQueries, isPublicCharity } from '../charities/index.js';
import type { ProjectAccess } from './project-access.js';
import { PROJECT_STATUS } from './project-status.js';
import { projectsRepository } from './projects.repository.js';

const { draft } = PROJECT_STATUS;

/** A project's owner asks a charity to take it; the charity's project managers accept or refuse. */
export function projectAssociationsService(ctx: AppContext, access: ProjectAccess) {
  const db = () => ctx.database.db;
  const { load, manageable, present, listWhere, changed } = access;

  return {
    async associationRequests(auth: AuthUser | null, charityId: number, query: PageQuery) {
      const viewer = await ctx.access.require(auth, Permission.CharityProjectsManage, [charityId]);
      return listWhere({ of: 'association-requests', charityId }, query, viewer.id, false);
    },

    /** The project's owner asks a charity to take it. */
    async associate(projectId: number, charityId: number, user: AuthUser) {
      const row = await manageable(projectId, user);
      if (
        row.associationStatus === ASSOCIATION_STATUS.charityProject ||
        row.associationStatus === ASSOCIATION_STATUS.accepted
      ) {
        throw conflict('ALREADY_ASSOCIATED', 'This project already belongs to a charity.');
      }
      if (row.status !== draft)
        throw conflict('INVALID_TRANSITION', 'Only a Draft project can ask a charity to take it.');
      const charity = await charitiesQueries.find(db(), charityId);
      if (!charity || !isPublicCharity(charity)) throw notFound('The charity');
      const updated = await db().transaction(async (tx) => {
        const next = await projectsRepository.update(
          tx,
          projectId,
          { charityId, associationStatus: ASSOCIATION_STATUS.pending },
          ctx.now(),
        );
        await changed(tx, next);
        return next;
      });
      return present(updated, user, true);
    },

    async decideAssociation(projectId: number, charityId: number, accept: boolean, user: AuthUser) {
      await ctx.access.require(user, Permission.CharityProjectsManage, [charityId]);
      const row = await load(projectId);
      if (row.charityId !== charityId || row.associationStatus !== ASSOCIATION_STATUS.pending) {
        throw conflict('NO_PENDING_REQUEST', 'There is no pending request from this project.');
      }
      const updated = await db().transaction(async (tx) => {
        const next = await projectsRepository.update(
          tx,
          projectId,
          accept
            ? { associationStatus: ASSOCIATION_STATUS.accepted }
            : { associationStatus: ASSOCIATION_STATUS.rejected, charityId: null },
          ctx.now(),
        );
        // The charity it asked is told too (its page lists the projects it took).
        await changed(tx, { id: projectId, charityId });
        return next;
      });
      return present(updated, user, true);
    },
  };
}
export type ProjectAssociationsService = ReturnType<typeof projectAssociationsService>;
