import {
  ASSOCIATION_STATUS,
  OWNER_TYPE,
  type ProjectCreateBody,
  type ProjectUpdateBody,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isoDay } from '../../lib/periods.js';
import { deleteUpload } from '../../lib/uploads.js';
import { charitiesQueries } from '../charities/index.js';
import { personNames, usersQueries } from '../users/index.js';
import type { ProjectAccess } from './project-access.js';
import { assertPublishable, fields, withDerived } from './project-rules.js';
import { PROJECT_STATUS, STATUS_LABEL } from './project-status.js';
import { type ProjectRow, projectsRepository } from './projects.repository.js';

const { draft, live } = PROJECT_STATUS;

/** Who owns a new project: a charity's own project is associated with the charity from the start. */
const ownedBy = (ownerType: number, ownerId: number, charityId: number | null) => ({
  ownerType,
  ownerId,
  charityId,
  association: charityId === null ? ASSOCIATION_STATUS.new : ASSOCIATION_STATUS.charityProject,
});

/** A project made, edited, copied and deleted by the people who manage it, and its admins. */
export function projectEditingService(ctx: AppContext, access: ProjectAccess) {
  const db = () => ctx.database.db;
  const today = () => isoDay(ctx.now());
  const { load, manageable, present } = access;
  /** Inserts a new project made by `user` (createdBy) and makes them its admin, in one transaction. */
  const insertMadeBy = (values: Parameters<typeof projectsRepository.insert>[1], user: AuthUser) =>
    db().transaction(async (tx) => {
      const created = await projectsRepository.insert(tx, { ...values, createdBy: user.id }, ctx.now());
      await projectsRepository.addAdmin(tx, created.id, user.id, ctx.now());
      return created;
    });

  return {
    async create(body: ProjectCreateBody, user: AuthUser) {
      let owner: ReturnType<typeof ownedBy>;
      if (body.charity_id) {
        await ctx.access.require(user, Permission.CharityProjectsManage, [body.charity_id]);
        const charity = await charitiesQueries.find(db(), body.charity_id);
        if (!charity) throw notFound('The charity');
        owner = ownedBy(OWNER_TYPE.charity, charity.id, charity.id);
      } else if (body.business_id) {
        await ctx.access.require(user, Permission.BusinessProjectsCreate, [body.business_id]);
        owner = ownedBy(OWNER_TYPE.organisation, body.business_id, null);
      } else {
        // One's own project: the person themself (an API token, which acts for an account, may not).
        await ctx.access.require(user, Permission.UserSelf, [user.id]);
        owner = ownedBy(OWNER_TYPE.individual, user.id, null);
      }
      const { charity_id: _c, business_id: _b, ...rest } = body;
      const values = await fields(db(), rest);
      const base = {
        title: body.title,
        skillNeeds: [],
        giftNeeds: [],
        fundsTarget: null,
        volunteeringHours: null,
        startDate: null,
        endDate: null,
        volunteeringStart: null,
        volunteeringEnd: null,
      } as unknown as ProjectRow;
      const row = await insertMadeBy(
        {
          ...withDerived(base, values),
          title: body.title,
          ownerType: owner.ownerType,
          ownerId: owner.ownerId,
          charityId: owner.charityId,
          associationStatus: owner.association,
          status: draft,
        },
        user,
      );
      return present(row, user, true);
    },

    async update(id: number, body: ProjectUpdateBody, user: AuthUser) {
      const row = await manageable(id, user);
      if (row.status !== draft && row.status !== live) {
        throw conflict('PROJECT_CLOSED', `A ${STATUS_LABEL[row.status]} project cannot be edited.`);
      }
      const changes = withDerived(row, await fields(db(), body));
      const merged = { ...row, ...changes } as ProjectRow;
      if (row.status === live) assertPublishable(merged, today());
      const updated = await db().transaction(async (tx) => {
        const next = await projectsRepository.update(tx, id, changes, ctx.now());
        await access.changed(tx, next);
        return next;
      });
      return present(updated, user, true);
    },

    async remove(id: number, user: AuthUser) {
      const row = await manageable(id, user);
      if (row.status !== draft)
        throw conflict('INVALID_TRANSITION', 'Only a Draft project can be deleted. Cancel it instead.');
      const files = await db().transaction((tx) => projectsRepository.removeWithFiles(tx, id, row.logo));
      // The rows are gone; their files go too (after the commit, so a failure never leaves a row without its file).
      await Promise.all(files.map((url) => deleteUpload(ctx.storage, url)));
      return { message: 'Project deleted' };
    },

    async clone(id: number, user: AuthUser) {
      const row = await manageable(id, user);
      const { id: _id, search: _s, createdAt: _c, updatedAt: _u, publishedAt: _p, ...copy } = row;
      // A copy starts a new association: a charity's acceptance was for the original only. The
      // charity keeps its own project's copy when one of its project managers makes it.
      const associated =
        row.charityId !== null &&
        row.associationStatus === ASSOCIATION_STATUS.charityProject &&
        (await ctx.access.can(user, Permission.CharityProjectsManage, row.charityId));
      const created = await insertMadeBy(
        {
          ...copy,
          title: `Copy of ${row.title}`.slice(0, 150),
          status: draft,
          charityId: associated ? row.charityId : null,
          associationStatus: associated ? row.associationStatus : ASSOCIATION_STATUS.new,
          fundsRaised: 0,
          donorsCount: 0,
          volunteeringPledged: 0,
          skilledPledged: 0,
          giftsPledged: 0,
          finishedReason: null,
          logo: null,
        },
        user,
      );
      return present(created, user, true);
    },

    async admins(id: number, user: AuthUser) {
      await manageable(id, user);
      const admins = await usersQueries.peopleOf(db(), await projectsRepository.admins(db(), id));
      return {
        items: admins.map(({ person, row }) => ({
          ...personNames(person),
          email: person.email,
          admin_type: row.adminType,
        })),
      };
    },

    async removeAdmin(projectId: number, userId: number, user: AuthUser) {
      // An admin may step down; removing someone else takes managing the project.
      if (user.id !== userId) await manageable(projectId, user);
      else await load(projectId);
      if (!(await projectsRepository.removeAdmin(db(), projectId, userId)))
        throw notFound('The project admin');
      return { message: 'Admin removed' };
    },
  };
}
export type ProjectEditingService = ReturnType<typeof projectEditingService>;
