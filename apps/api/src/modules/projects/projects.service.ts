import type {
  PageQuery,
  Project,
  ProjectCreateBody,
  ProjectSummary,
  ProjectUpdateBody,
} from '@kindred/shared';
import { ASSOCIATION_STATUS, OWNER_TYPE } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { signFileUrl } from '../../lib/file-links.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { isoDay } from '../../lib/periods.js';
import { deleteUpload } from '../../lib/uploads.js';
import { auditLog } from '../audit/audit.repository.js';
import { charitiesQueries, charitiesRepository } from '../charities/charities.repository.js';
import { charityAdminEmails, isPublicCharity } from '../charities/charities.service.js';
import { account } from '../ledger/ledger.service.js';
import { placesQueries } from '../places/places.service.js';
import { usersQueries } from '../users/users.repository.js';
import { canMove, PROJECT_STATUS, STATUS_LABEL } from './project-status.js';
import {
  type NewProject,
  type ProjectList,
  type ProjectRow,
  projectsQueries,
  projectsRepository,
} from './projects.repository.js';

const DAY = 86_400_000;
const { cancelled, draft, live, completed, finished } = PROJECT_STATUS;
/** Project owner kinds: owner types (docs/product/wire-contract.md#owner-types). */
/** Association with a charity (docs/product/projects-and-charities.md#association-with-a-charity). */
const PUBLIC_STATUSES: number[] = [live, completed, finished];

export function givingKindsOf(
  row: Pick<ProjectRow, 'fundsTarget' | 'volunteeringHours' | 'skillNeeds' | 'giftNeeds'>,
) {
  const kinds: number[] = [];
  if (row.fundsTarget) kinds.push(2);
  if (row.volunteeringHours) kinds.push(3);
  if (row.skillNeeds.length > 0) kinds.push(4);
  if (row.giftNeeds.length > 0) kinds.push(5);
  return kinds;
}

/** How the project's file URLs reach the viewer: as stored, or signed for a signed-in person. */
export type FileLink = (url: string) => string;
const asStored: FileLink = (url) => url;

export function presentProject(
  row: ProjectRow,
  charity: { id: number; name: string; logo: string | null } | undefined,
  canManage: boolean,
  cover: string | null,
  place: { state_id: number | null; city_id: number | null } = { state_id: null, city_id: null },
  link: FileLink = asStored,
): Project {
  return {
    id: row.id,
    charity_id: row.charityId,
    charity: charity ?? null,
    owner_type: row.ownerType,
    owner_id: row.ownerId,
    title: row.title,
    summary: row.summary,
    description: row.description,
    status: row.status,
    association_status: row.associationStatus,
    charity_types: row.charityTypes,
    start_date: row.startDate,
    end_date: row.endDate,
    city: row.city,
    state_id: place.state_id,
    city_id: place.city_id,
    post_code: row.postCode,
    latitude: row.latitude,
    longitude: row.longitude,
    logo: row.logo && link(row.logo),
    cover: cover && link(cover),
    funds_target: row.fundsTarget,
    volunteering_hours: row.volunteeringHours,
    volunteering_start: row.volunteeringStart,
    volunteering_end: row.volunteeringEnd,
    skill_needs: row.skillNeeds,
    gift_needs: row.giftNeeds,
    giving_kinds: row.givingKinds,
    funds_raised: row.fundsRaised,
    donors_count: row.donorsCount,
    volunteering_pledged: row.volunteeringPledged,
    skilled_pledged: row.skilledPledged,
    gifts_pledged: row.giftsPledged,
    hours_confirmed: row.hoursConfirmed,
    finished_reason: row.finishedReason,
    created_at: row.createdAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    can_manage: canManage,
  };
}

const invalidTransition = (row: ProjectRow, to: number) =>
  new AppError(
    409,
    'INVALID_TRANSITION',
    `A ${STATUS_LABEL[row.status] ?? row.status} project cannot become ${STATUS_LABEL[to] ?? to}.`,
    { from: row.status, to },
  );

/**
 * What happens to a project's donations when it ends, given by the donations module (which reads
 * projects, so projects cannot import it): completing delivers them, cancelling returns them.
 */
export interface ProjectSettlement {
  completed(tx: Tx, projectId: number, userId: number): Promise<void>;
  cancelled(tx: Tx, projectId: number, userId: number): Promise<void>;
}

export function projectsService(ctx: AppContext, settlement: ProjectSettlement) {
  const db = () => ctx.database.db;
  const { ledger } = ctx;
  const today = () => isoDay(ctx.now());
  const projectOwner = (id: number) => ({ ownerType: 'project', ownerId: id }) as const;

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

  async function fields(body: ProjectUpdateBody): Promise<Partial<NewProject>> {
    // The date format allows year 0000, which the database refuses: answer it as bad input.
    for (const name of ['start_date', 'end_date', 'volunteering_start', 'volunteering_end'] as const) {
      const value = body[name];
      if (value && value < '0001-01-01') throw badRequest('Use a real date.', { [name]: 'Use a real date.' });
    }
    const values: Partial<NewProject> = {};
    if (body.title !== undefined) values.title = body.title;
    if (body.summary !== undefined) values.summary = body.summary;
    if (body.description !== undefined) values.description = body.description;
    if (body.charity_types !== undefined) values.charityTypes = body.charity_types;
    if (body.start_date !== undefined) values.startDate = body.start_date;
    if (body.end_date !== undefined) values.endDate = body.end_date;
    if (body.post_code !== undefined) values.postCode = body.post_code?.toUpperCase() ?? null;
    if (body.funds_target !== undefined) values.fundsTarget = body.funds_target;
    if (body.volunteering_hours !== undefined) values.volunteeringHours = body.volunteering_hours;
    if (body.volunteering_start !== undefined) values.volunteeringStart = body.volunteering_start;
    if (body.volunteering_end !== undefined) values.volunteeringEnd = body.volunteering_end;
    if (body.skill_needs !== undefined) values.skillNeeds = body.skill_needs;
    if (body.gift_needs !== undefined) values.giftNeeds = body.gift_needs;
    Object.assign(values, await placesQueries.resolve(db(), body));
    return values;
  }

  /** Keeps the derived filter columns in step with the needs and checks the dates agree. */
  function withDerived(row: ProjectRow, changes: Partial<NewProject>): Partial<NewProject> {
    const merged = { ...row, ...changes } as ProjectRow;
    const start = merged.startDate;
    const end = merged.endDate;
    if (start && end && end < start)
      throw badRequest('The end date is before the start date.', { end_date: 'After the start date.' });
    if (
      merged.volunteeringStart &&
      merged.volunteeringEnd &&
      merged.volunteeringEnd < merged.volunteeringStart
    ) {
      throw badRequest('Volunteering ends before it starts.', {
        volunteering_end: 'After the volunteering start.',
      });
    }
    return {
      ...changes,
      givingKinds: givingKindsOf(merged),
      skillTypes: [...new Set(merged.skillNeeds.map((need) => need.type))].sort((a, b) => a - b),
      giftTypes: [...new Set(merged.giftNeeds.map((need) => need.type))].sort((a, b) => a - b),
    };
  }

  function assertPublishable(row: ProjectRow) {
    const missing: Record<string, string> = {};
    if (!row.title) missing.title = 'Required to publish.';
    if (!row.description) missing.description = 'Required to publish.';
    if (!row.endDate) missing.end_date = 'Required to publish.';
    else if (row.endDate < today()) missing.end_date = 'Must be today or later to publish.';
    if (row.givingKinds.length === 0)
      missing.needs = 'Say what the project needs: funds, volunteering, skills or gifts.';
    if (Object.keys(missing).length > 0) {
      throw new AppError(409, 'NOT_READY_TO_PUBLISH', 'The project is not ready to publish.', {
        fields: missing,
      });
    }
  }

  async function assertCharityActive(row: ProjectRow) {
    if (
      !row.charityId ||
      (row.associationStatus !== ASSOCIATION_STATUS.accepted &&
        row.associationStatus !== ASSOCIATION_STATUS.charityProject)
    ) {
      throw conflict('NEEDS_CHARITY', 'A charity must accept the project before it can go live.');
    }
    const charity = await charitiesRepository.find(db(), row.charityId);
    if (!charity || charity.lockStatus)
      throw conflict('CHARITY_LOCKED', 'The charity is locked and cannot publish or move money.');
    if (charity.approvalStatus !== 'approved')
      throw conflict('CHARITY_NOT_APPROVED', 'The charity is waiting for approval.');
  }

  async function move(id: number, to: number, user: AuthUser) {
    const row = await manageable(id, user);
    if (to === live) {
      if (!canMove(row.status, to, 'publish')) throw invalidTransition(row, to);
      assertPublishable(row);
      await assertCharityActive(row);
      return present(
        await projectsRepository.update(
          db(),
          id,
          { status: live, publishedAt: row.publishedAt ?? ctx.now() },
          ctx.now(),
        ),
        user,
        true,
      );
    }
    if (to === completed) return complete(id, user);
    if (to === cancelled) return cancel(id, user);
    if (to === finished) {
      if (row.status !== completed) throw invalidTransition(row, to);
      return present(
        await projectsRepository.update(db(), id, { status: finished, finishedReason: 'impact' }, ctx.now()),
        user,
        true,
      );
    }
    throw invalidTransition(row, to);
  }

  /** Moves whatever the project holds to its charity's funds (complete, or an impact statement). */
  async function payOutToCharity(tx: Tx, row: ProjectRow, by: number) {
    await settlement.completed(tx, row.id, by);
    const funds = (await ledger.balances(tx, projectOwner(row.id))).projectFunds;
    if (funds > 0 && row.charityId) {
      await ledger.transfer(
        tx,
        account(projectOwner(row.id), 'project_funds'),
        account({ ownerType: 'charity', ownerId: row.charityId }, 'charity_funds'),
        funds,
        {
          kind: 'project_complete',
          description: `Project completed: ${row.title}`,
          createdBy: by,
          reference: { project_id: row.id },
        },
      );
    }
  }

  /** Live, or Finished because its end date passed: a project that ran its course can be completed. */
  const completable = (row: ProjectRow) =>
    canMove(row.status, completed, 'complete') &&
    (row.status !== finished || row.finishedReason === 'end_date');

  async function complete(id: number, user: AuthUser) {
    const checked = await manageable(id, user);
    if (!completable(checked)) throw invalidTransition(checked, completed);
    await assertCharityActive(checked);
    const updated = await db().transaction(async (tx) => {
      const row = await projectsRepository.findForUpdate(tx, id);
      if (!row || !completable(row)) throw invalidTransition(row ?? checked, completed);
      await payOutToCharity(tx, row, user.id);
      return projectsRepository.update(tx, id, { status: completed, finishedReason: null }, ctx.now());
    });
    return present(updated, user, true);
  }

  async function cancel(id: number, user: AuthUser) {
    const checked = await manageable(id, user);
    if (!canMove(checked.status, cancelled, 'cancel')) throw invalidTransition(checked, cancelled);
    const updated = await db().transaction(async (tx) => {
      const row = await projectsRepository.findForUpdate(tx, id);
      if (!row || !canMove(row.status, cancelled, 'cancel'))
        throw invalidTransition(row ?? checked, cancelled);
      await settlement.cancelled(tx, row.id, user.id);
      return projectsRepository.update(tx, id, { status: cancelled }, ctx.now());
    });
    return present(updated, user, true);
  }

  return {
    canManage,
    payOutToCharity,
    viewable,
    manageable,
    present,
    fileLink,

    /**
     * Who may fetch one of the project's files (decision 035): anyone while the project is public;
     * otherwise whoever may see the project (`viewable`: 404 for anyone else), checked each time.
     */
    async fileAccess(id: number, viewer: AuthUser | null): Promise<'public' | 'private'> {
      const row = await load(id);
      if (await isPublic(row)) return 'public';
      await viewable(id, viewer);
      return 'private';
    },
    move,
    complete,
    cancel,

    async get(id: number, viewer: AuthUser | null) {
      const { row, manage, from } = await viewable(id, viewer);
      return present(row, viewer, manage, from);
    },

    async create(body: ProjectCreateBody, user: AuthUser) {
      let owner: { ownerType: number; ownerId: number; charityId: number | null; association: number };
      if (body.charity_id) {
        await ctx.access.require(user, Permission.CharityProjectsManage, [body.charity_id]);
        const charity = await charitiesRepository.find(db(), body.charity_id);
        if (!charity) throw notFound('The charity');
        owner = {
          ownerType: OWNER_TYPE.charity,
          ownerId: charity.id,
          charityId: charity.id,
          association: ASSOCIATION_STATUS.charityProject,
        };
      } else if (body.business_id) {
        await ctx.access.require(user, Permission.BusinessProjectsCreate, [body.business_id]);
        owner = {
          ownerType: OWNER_TYPE.organisation,
          ownerId: body.business_id,
          charityId: null,
          association: ASSOCIATION_STATUS.new,
        };
      } else {
        owner = {
          ownerType: OWNER_TYPE.individual,
          ownerId: user.id,
          charityId: null,
          association: ASSOCIATION_STATUS.new,
        };
      }
      const { charity_id: _c, business_id: _b, ...rest } = body;
      const values = await fields(rest);
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
      const row = await db().transaction(async (tx) => {
        const created = await projectsRepository.insert(
          tx,
          {
            ...withDerived(base, values),
            title: body.title,
            ownerType: owner.ownerType,
            ownerId: owner.ownerId,
            charityId: owner.charityId,
            associationStatus: owner.association,
            status: draft,
            createdBy: user.id,
          },
          ctx.now(),
        );
        await projectsRepository.addAdmin(tx, created.id, user.id, ctx.now());
        return created;
      });
      return present(row, user, true);
    },

    async update(id: number, body: ProjectUpdateBody, user: AuthUser) {
      const row = await manageable(id, user);
      if (row.status !== draft && row.status !== live) {
        throw conflict('PROJECT_CLOSED', `A ${STATUS_LABEL[row.status]} project cannot be edited.`);
      }
      const changes = withDerived(row, await fields(body));
      const merged = { ...row, ...changes } as ProjectRow;
      if (row.status === live) assertPublishable(merged);
      return present(await projectsRepository.update(db(), id, changes, ctx.now()), user, true);
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

    async extend(id: number, endDate: string, user: AuthUser) {
      const row = await manageable(id, user);
      const byDate = row.status === finished && row.finishedReason === 'end_date';
      if (!(row.status === live || byDate)) throw invalidTransition(row, live);
      if (endDate <= today())
        throw badRequest('The new end date must be after today.', { end_date: 'After today.' });
      if (row.endDate && endDate <= row.endDate) {
        throw badRequest('The new end date must be after the current one.', {
          end_date: `After ${row.endDate}.`,
        });
      }
      await assertCharityActive(row);
      return present(
        await projectsRepository.update(db(), id, { endDate, status: live, finishedReason: null }, ctx.now()),
        user,
        true,
      );
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
      const created = await db().transaction(async (tx) => {
        const clone = await projectsRepository.insert(
          tx,
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
            createdBy: user.id,
          },
          ctx.now(),
        );
        await projectsRepository.addAdmin(tx, clone.id, user.id, ctx.now());
        return clone;
      });
      return present(created, user, true);
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
        volunteering_hours: row.volunteeringHours,
        volunteering_pledged: row.volunteeringPledged,
        skilled_hours: row.skillNeeds.reduce((sum, need) => sum + need.hours, 0),
        skilled_pledged: row.skilledPledged,
        gifts_needed: row.giftNeeds.reduce((sum, need) => sum + need.quantity, 0),
        gifts_pledged: row.giftsPledged,
        updates_count: counts.updates,
        impacts_count: counts.impacts,
        days_left: row.status === live ? daysLeft : null,
        currency: ctx.config.currency,
      };
    },

    /** Lists for managers, newest first. */
    async listWhere(list: ProjectList, query: PageQuery, viewerId: number, manage: boolean | AuthUser) {
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
    },

    /** The charity's own projects (not the ones only asking it to take them); can_manage is the viewer's. */
    async charityProjects(charityId: number, status: number | undefined, query: PageQuery, viewer: AuthUser) {
      await ctx.access.require(viewer, Permission.CharityRead, [charityId]);
      return this.listWhere({ of: 'charity', charityId, status }, query, viewer.id, viewer);
    },

    async expired(charityId: number, query: PageQuery, viewer: AuthUser) {
      await ctx.access.require(viewer, Permission.CharityRead, [charityId]);
      return this.listWhere({ of: 'charity-expired', charityId }, query, viewer.id, viewer);
    },

    mine(userId: number, query: PageQuery) {
      return this.listWhere({ of: 'user', userId }, query, userId, true);
    },

    async ofBusiness(businessId: number, query: PageQuery, viewer: AuthUser) {
      await ctx.access.require(viewer, Permission.BusinessProjectsRead, [businessId]);
      return this.listWhere({ of: 'business', businessId }, query, viewer.id, viewer);
    },

    async associationRequests(auth: AuthUser | null, charityId: number, query: PageQuery) {
      const viewer = await ctx.access.require(auth, Permission.CharityProjectsManage, [charityId]);
      return this.listWhere({ of: 'association-requests', charityId }, query, viewer.id, false);
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
      const charity = await charitiesRepository.find(db(), charityId);
      if (!charity || !isPublicCharity(charity)) throw notFound('The charity');
      return present(
        await projectsRepository.update(
          db(),
          projectId,
          { charityId, associationStatus: ASSOCIATION_STATUS.pending },
          ctx.now(),
        ),
        user,
        true,
      );
    },

    async decideAssociation(projectId: number, charityId: number, accept: boolean, user: AuthUser) {
      await ctx.access.require(user, Permission.CharityProjectsManage, [charityId]);
      const row = await load(projectId);
      if (row.charityId !== charityId || row.associationStatus !== ASSOCIATION_STATUS.pending) {
        throw conflict('NO_PENDING_REQUEST', 'There is no pending request from this project.');
      }
      const updated = await projectsRepository.update(
        db(),
        projectId,
        accept
          ? { associationStatus: ASSOCIATION_STATUS.accepted }
          : { associationStatus: ASSOCIATION_STATUS.rejected, charityId: null },
        ctx.now(),
      );
      return present(updated, user, true);
    },

    /** A platform admin returns a Live project to its charity for changes; the charity is told why. */
    async returnToCharity(auth: AuthUser | null, projectId: number, reason: string) {
      const actor = await ctx.access.require(auth, Permission.ProjectReturn);
      const row = await load(projectId);
      if (!canMove(row.status, draft, 'return')) throw invalidTransition(row, draft);
      const updated = await db().transaction(async (tx) => {
        const next = await projectsRepository.update(tx, projectId, { status: draft }, ctx.now());
        await auditLog.record(tx, {
          actorId: actor.id,
          action: 'project.return',
          targetType: 'project',
          targetId: projectId,
          reason,
          at: ctx.now(),
        });
        return next;
      });
      if (row.charityId) {
        for (const to of await charityAdminEmails(db(), row.charityId)) {
          await ctx.notices.queue(db(), {
            to,
            subject: `Your project "${row.title}" needs changes`,
            text: [
              `Kindred returned "${row.title}" to you as a Draft.`,
              '',
              `Reason: ${reason}`,
              '',
              'Change it and publish it again.',
            ].join('\n'),
          });
        }
        ctx.notices.wake();
      }
      return present(updated, actor, false);
    },

    async finishExpired() {
      return projectsRepository.finishExpired(db(), today(), ctx.now());
    },

    async admins(id: number, user: AuthUser) {
      await manageable(id, user);
      const admins = await usersQueries.peopleOf(db(), await projectsRepository.admins(db(), id));
      return {
        items: admins.map(({ person, row }) => ({
          user_id: person.id,
          first_name: person.firstName,
          last_name: person.lastName,
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
export type ProjectsService = ReturnType<typeof projectsService>;
