import { ASSOCIATION_STATUS, OWNER_TYPE } from '@kindred/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { charityMemberships } from '../modules/charities/charities.table.js';
import { groupMemberships, groups } from '../modules/groups/groups.table.js';
import { businessMemberships } from '../modules/organisations/organisations.table.js';
import { projectMemberships, projects } from '../modules/projects/projects.table.js';
import type { CharityGrant } from './permissions.js';

/**
 * Every membership and ownership question the access layer asks, one query each: "which of these
 * ids may this person act on in this role". Nothing else in the API answers who may do what.
 */
export const accessRepository = {
  async businesses(
    db: Executor,
    userId: number,
    ids: number[],
    adminTypes: readonly number[],
    signoff = false,
  ) {
    const role = adminTypes.length > 0 ? inArray(businessMemberships.adminType, [...adminTypes]) : undefined;
    const signoffAdmin = signoff ? eq(businessMemberships.isSignoffAdmin, true) : undefined;
    const rows = await db
      .select({ id: businessMemberships.businessId })
      .from(businessMemberships)
      .where(
        and(
          eq(businessMemberships.userId, userId),
          inArray(businessMemberships.businessId, ids),
          role && signoffAdmin ? or(role, signoffAdmin) : (role ?? signoffAdmin ?? sql`false`),
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  async charities(
    db: Executor,
    userId: number,
    ids: number[],
    adminTypes: readonly number[],
    grant?: CharityGrant,
  ) {
    const role = inArray(charityMemberships.adminType, [...adminTypes]);
    const rows = await db
      .select({ id: charityMemberships.charityId })
      .from(charityMemberships)
      .where(
        and(
          eq(charityMemberships.userId, userId),
          inArray(charityMemberships.charityId, ids),
          grant ? or(role, sql`${grant} = any(${charityMemberships.permissions})`) : role,
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  /**
   * Projects the person manages: as a project admin, as a project manager of the charity that runs
   * or accepted it, as its individual owner, or as an admin of the organisation that owns it.
   */
  async managedProjects(db: Executor, userId: number, ids: number[]) {
    const charityManager = sql`exists (
      select 1 from ${charityMemberships}
      where ${charityMemberships.charityId} = ${projects.charityId}
        and ${charityMemberships.userId} = ${userId}
        and (${charityMemberships.adminType} = 1 or 'manage_projects' = any(${charityMemberships.permissions})))`;
    const projectAdmin = sql`exists (
      select 1 from ${projectMemberships}
      where ${projectMemberships.projectId} = ${projects.id} and ${projectMemberships.userId} = ${userId})`;
    const organisationAdmin = sql`exists (
      select 1 from ${businessMemberships}
      where ${businessMemberships.businessId} = ${projects.ownerId}
        and ${businessMemberships.userId} = ${userId}
        and ${businessMemberships.adminType} <> 99)`;
    const rows = await db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          inArray(projects.id, ids),
          or(
            projectAdmin,
            and(
              inArray(projects.associationStatus, [
                ASSOCIATION_STATUS.accepted,
                ASSOCIATION_STATUS.charityProject,
              ]),
              charityManager,
            ),
            and(eq(projects.ownerType, OWNER_TYPE.individual), eq(projects.ownerId, userId)),
            and(eq(projects.ownerType, OWNER_TYPE.organisation), organisationAdmin),
          ),
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  /** Of these projects, those a charity runs (an API token of the charity acts on those only). */
  async projectsOfCharity(db: Executor, ids: number[], charityId: number) {
    if (ids.length === 0) return new Set<number>();
    const rows = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(inArray(projects.id, ids), eq(projects.charityId, charityId)));
    return new Set(rows.map((row) => row.id));
  },

  /** The projects of these ids that exist. */
  async existingProjects(db: Executor, ids: number[]) {
    const rows = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
    return new Set(rows.map((row) => row.id));
  },

  /** Groups the person belongs to (with `admin`, as an admin). */
  async groups(db: Executor, userId: number, ids: number[], admin: boolean) {
    const rows = await db
      .select({ id: groupMemberships.groupId })
      .from(groupMemberships)
      .where(
        and(
          eq(groupMemberships.userId, userId),
          inArray(groupMemberships.groupId, ids),
          admin ? eq(groupMemberships.isAdmin, true) : undefined,
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  async existingGroups(db: Executor, ids: number[]) {
    const rows = await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, ids));
    return new Set(rows.map((row) => row.id));
  },
};
