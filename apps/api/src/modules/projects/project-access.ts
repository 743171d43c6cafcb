import { ASSOCIATION_STATUS, type PageQuery, type Project } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { signFileUrl } from '../../lib/file-links.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { charitiesQueries, charitiesRepository } from '../charities/charities.repository.js';
import { isPublicCharity } from '../charities/charities.service.js';
import { placesQueries } from '../places/places.service.js';
import { PROJECT_STATUS } from './project-status.js';
import { asStored, type FileLink, presentProject } from './project-views.js';
import {
  type ProjectList,
  type ProjectRow,
  projectsQueries,
  projectsRepository,
} from './projects.repository.js';

const { live, completed, finished } = PROJECT_STATUS;
/** Project owner kinds ("Account kinds, reading B"). */
/** Association with a charity (docs/product/projects-and-charities.md#association-with-a-charity). */
const PUBLIC_STATUSES: number[] = [live, completed, finished];

/**
 * Who may see and change a project, and the project as they get it: shared by the projects
 * services, the project's content (updates, impact statements) and its files.
 */
export function projectAccess(ctx: AppContext) {
  const db = () => ctx.database.db;

  /** Who may change a project: its admins, its charity's project managers, or its owner. */
  function canManage(row: ProjectRow, user: AuthUser | null): Promise<boolean> {
    return ctx.access.can(user, Permission.ProjectManage, row.id);
  }

  async function isPublic(row: ProjectRow, from: Executor = db()): Promise<boolean> {
    if (!PUBLIC_STATUSES.includes(row.status) || !row.charityId) return false;
    const charity = await charitiesRepository.find(from, row.charityId);
    return charity !== undefined && isPublicCharity(charity);
  }

  async function load(id: number, from: Executor = db()): Promise<ProjectRow> {
    const row = await projectsRepository.find(from, id);
    if (!row) throw notFound('The project');
    return row;
  }

  /** A project the viewer may see, or 404. */
  async function viewable(id: number, viewer: AuthUser | null) {
    // A visitor's read may come from the read replica; a signed-in person's from the primary (they
    // may be reading their own change).
    const from = ctx.database.readsFor(viewer);
    const row = await load(id, from);
    const manage = await canManage(row, viewer);
    if (
      !manage &&
      !(await isPublic(row, from)) &&
      !viewer?.isIicAdmin &&
      !(await isAskedCharity(row, viewer))
    ) {
      throw notFound('The project');
    }
    return { row, manage, from };
  }

  /** The project managers of a charity a project asks to take it may read the project first. */
  async function isAskedCharity(row: ProjectRow, viewer: AuthUser | null): Promise<boolean> {
    if (!viewer || !row.charityId || row.associationStatus !== ASSOCIATION_STATUS.pending) return false;
    return ctx.access.can(viewer, Permission.CharityProjectsManage, row.charityId);
  }

  /** A project the person may change: 404 when there is no such project, 403 when it is not theirs. */
  async function manageable(id: number, user: AuthUser) {
    await ctx.access.require(user, Permission.ProjectManage, [id]);
    return load(id);
  }

  /**
   * The project's file URLs as the viewer gets them: signed for a signed-in person, so their
   * browser can load a file that is not public without a token (decision 035); as stored otherwise.
   */
  function fileLink(viewerId: number | null | undefined): FileLink {
    if (!viewerId) return asStored;
    const now = ctx.now();
    return (url) => signFileUrl(ctx.config.jwtSecret, url, viewerId, now);
  }

  /** One project; its managers also get the region and town of its place, for the project form. */
  async function present(row: ProjectRow, viewer: AuthUser | null, manage: boolean, from: Executor = db()) {
    const [names, covers, place] = await Promise.all([
      charitiesQueries.names(from, [row.charityId]),
      projectsQueries.covers(from, [row.id]),
      manage ? placesQueries.placeOf(from, row) : undefined,
    ]);
    return presentProject(
      row,
      row.charityId ? names.get(row.charityId) : undefined,
      manage,
      covers.get(row.id) ?? null,
      place,
      fileLink(viewer?.id),
    );
  }

  /** `manage` is known for the whole list, or checked row by row for the viewer. */
  async function presentMany(rows: ProjectRow[], viewerId: number, manage: boolean | AuthUser) {
    const link = fileLink(viewerId);
    const [names, covers] = await Promise.all([
      charitiesQueries.names(
        db(),
        rows.map((r) => r.charityId),
      ),
      projectsQueries.covers(
        db(),
        rows.map((r) => r.id),
      ),
    ]);
    const managed =
      typeof manage === 'boolean'
        ? undefined
        : await ctx.access.allowed(
            manage,
            Permission.ProjectManage,
            rows.map((row) => row.id),
          );
    return rows.map(
      (row): Project =>
        presentProject(
          row,
          row.charityId ? names.get(row.charityId) : undefined,
          managed ? managed.has(row.id) : (manage as boolean),
          covers.get(row.id) ?? null,
          undefined,
          link,
        ),
    );
  }

  /** Lists for managers, newest first. */
  async function listWhere(
    list: ProjectList,
    query: PageQuery,
    viewerId: number,
    manage: boolean | AuthUser,
  ) {
    const cursor = decodeCursor(query.cursor, ['time', 'id']);
    const rows = await projectsRepository.list(db(), list, {
      limit: query.limit + 1,
      cursor,
      before: query.direction === 'before',
    });
    const page = toPage(
      rows,
      query,
      (row) => [row.cursorAt, row.id],
      (row) => row as ProjectRow,
    );
    return { ...page, items: await presentMany(page.items, viewerId, manage) };
  }

  /**
   * Who may fetch one of the project's files (decision 035): anyone while the project is public;
   * otherwise whoever may see the project (`viewable`: 404 for anyone else), checked each time.
   */
  async function fileAccess(id: number, viewer: AuthUser | null): Promise<'public' | 'private'> {
    const row = await load(id);
    if (await isPublic(row)) return 'public';
    await viewable(id, viewer);
    return 'private';
  }

  /**
   * Records that what the project shows changed (its details, pictures, documents, updates, impact,
   * charity): `project.changed`, in the transaction of the change (docs/product/events.md).
   */
  async function changed(tx: Tx, row: Pick<ProjectRow, 'id' | 'charityId'>) {
    await ctx.events.record(tx, 'project.changed', { project_id: row.id, charity_id: row.charityId });
  }

  return {
    changed,
    canManage,
    isPublic,
    load,
    viewable,
    manageable,
    fileLink,
    present,
    presentMany,
    listWhere,
    fileAccess,
  };
}
export type ProjectAccess = ReturnType<typeof projectAccess>;
