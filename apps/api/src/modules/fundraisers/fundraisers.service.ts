import {
  FUNDRAISER_MAX_DAYS,
  type FundraiserCreateBody,
  type FundraiserHideBody,
  type FundraiserPost,
  type FundraiserPostBody,
  type FundraiserTeam,
  type FundraiserUpdateBody,
  type PageQuery,
  PROJECT_STATUS,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { pageKeyset, timedPage, toPage } from '../../lib/pagination.js';
import { addDays, isoDay } from '../../lib/periods.js';
import { deleteUpload, storeUpload, type UploadSource } from '../../lib/uploads.js';
import { charitiesQueries, isPublicCharity } from '../charities/index.js';
import { groupsQueries } from '../groups/index.js';
import { projectsQueries } from '../projects/index.js';
import { fundraiserViews } from './fundraiser-views.js';
import { type FundraiserRow, fundraisersRepository, mostRaisedKey } from './fundraisers.repository.js';

/** The most pages a team's leaderboard ranks. */
export const TEAM_LEADERBOARD_SIZE = 50;

/**
 * Fundraising pages (docs/product/fundraising-pages.md): a person opens, edits and posts on their
 * own; the charity's admins hide one that misrepresents it; everyone else reads the visible ones.
 */
export function fundraisersService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const views = fundraiserViews(ctx);
  const today = () => isoDay(ctx.now());

  /** The page, or 404 for whoever may not see it (a hidden page: all but its fundraiser and charity). */
  async function seen(id: number, auth: AuthUser | null, executor: Executor = db()): Promise<FundraiserRow> {
    const row = await fundraisersRepository.find(executor, id);
    if (!row) throw notFound('The fundraising page');
    if (row.hiddenAt !== null && auth?.id !== row.userId) {
      if (!(await ctx.access.can(auth, Permission.CharityFundraisersManage, row.charityId)))
        throw notFound('The fundraising page');
    }
    return row;
  }

  /** The page its fundraiser may change (403 for anyone else, 404 for a page they may not see). */
  async function own(id: number, auth: AuthUser | null, executor: Executor = db()): Promise<FundraiserRow> {
    const row = await seen(id, auth, executor);
    await ctx.access.require(auth, Permission.FundraiserEdit, [row.userId], executor);
    return row;
  }

  /** An end date from today to FUNDRAISER_MAX_DAYS ahead. */
  function assertEndDate(endDate: string) {
    const first = today();
    const last = addDays(first, FUNDRAISER_MAX_DAYS);
    if (endDate < first || endDate > last)
      throw badRequest('Choose an end date from today to a year ahead.', {
        end_date: `From today to ${last}.`,
      });
  }

  /** The cause a new page raises money for: a live project, or a charity that takes gifts. */
  async function causeOf(executor: Executor, body: FundraiserCreateBody) {
    if (body.project_id !== undefined) {
      const project = await projectsQueries.find(executor, body.project_id);
      if (!project?.charityId || project.status === PROJECT_STATUS.draft) throw notFound('The project');
      if (project.status !== PROJECT_STATUS.live)
        throw new AppError(409, 'PROJECT_NOT_LIVE', 'Only a live project can have fundraising pages.');
      const charity = await charitiesQueries.find(executor, project.charityId);
      if (!charity || !isPublicCharity(charity))
        throw new AppError(409, 'CHARITY_LOCKED', 'This project’s charity cannot take gifts now.');
      return { projectId: project.id, charityId: charity.id };
    }
    const charity = await charitiesQueries.find(executor, body.charity_id ?? 0);
    if (charity?.approvalStatus !== 'approved') throw notFound('The charity');
    if (!isPublicCharity(charity))
      throw new AppError(409, 'CHARITY_LOCKED', 'This charity cannot take gifts now.');
    return { projectId: null, charityId: charity.id };
  }

  async function recordChange(tx: Tx, row: FundraiserRow, change: 'hidden' | 'shown') {
    await ctx.events.record(tx, 'fundraiser.hidden', {
      fundraiser_id: row.id,
      charity_id: row.charityId,
      user_id: row.userId,
      hidden: change === 'hidden',
      reason: row.hiddenReason,
    });
  }

  const present = (row: FundraiserRow, auth: AuthUser | null) => views.page(row, auth);
  const post = (row: { id: number; body: string; createdAt: Date }): FundraiserPost => ({
    id: row.id,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  });

  return {
    /** POST /fundraiser/create */
    async create(auth: AuthUser | null, body: FundraiserCreateBody) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      if (body.group_id !== undefined) await ctx.access.require(auth, Permission.GroupRead, [body.group_id]);
      if (body.business_id !== undefined)
        await ctx.access.require(auth, Permission.BusinessUpdate, [body.business_id]);
      assertEndDate(body.end_date);
      const cause = await causeOf(db(), body);
      const row = await fundraisersRepository.insert(
        db(),
        {
          userId: user.id,
          groupId: body.group_id ?? null,
          businessId: body.business_id ?? null,
          ...cause,
          title: body.title,
          story: body.story,
          target: body.target,
          endDate: body.end_date,
        },
        ctx.now(),
      );
      return present(row, auth);
    },

    /** GET /fundraiser/{id} */
    async get(auth: AuthUser | null, id: number) {
      return present(await seen(id, auth), auth);
    },

    /** Refuses (404) a page the caller may not see: the supporters wall's check. */
    async visible(id: number, auth: AuthUser | null) {
      await seen(id, auth);
    },

    /** PATCH /fundraiser/{id} */
    async update(auth: AuthUser | null, id: number, body: FundraiserUpdateBody) {
      await own(id, auth);
      if (body.end_date !== undefined) assertEndDate(body.end_date);
      const row = await fundraisersRepository.update(
        db(),
        id,
        {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.story !== undefined ? { story: body.story } : {}),
          ...(body.target !== undefined ? { target: body.target } : {}),
          ...(body.end_date !== undefined ? { endDate: body.end_date } : {}),
        },
        ctx.now(),
      );
      return present(row, auth);
    },

    /** POST /fundraiser/{id}/picture */
    async setPicture(auth: AuthUser | null, id: number, readFile: UploadSource) {
      const before = await own(id, auth);
      const stored = await storeUpload(ctx.storage, 'fundraisers', await readFile());
      const row = await fundraisersRepository.update(db(), id, { picture: stored.url }, ctx.now());
      await deleteUpload(ctx.storage, before.picture);
      return present(row, auth);
    },

    /** GET /fundraiser/{id}/updates */
    async posts(auth: AuthUser | null, id: number, query: PageQuery) {
      await seen(id, auth);
      const rows = await fundraisersRepository.posts(db(), id, pageKeyset(query, ['time', 'id']));
      return timedPage(rows, query, (r) => post(r.row));
    },

    /** POST /fundraiser/{id}/updates */
    async addPost(auth: AuthUser | null, id: number, body: FundraiserPostBody) {
      await own(id, auth);
      return post(
        await fundraisersRepository.insertPost(db(), {
          fundraiserId: id,
          body: body.body,
          createdAt: ctx.now(),
        }),
      );
    },

    /** POST /fundraiser/{id}/hide and /unhide: the charity's admins. */
    async setHidden(auth: AuthUser | null, id: number, hide: FundraiserHideBody | null) {
      const found = await fundraisersRepository.find(db(), id);
      if (!found) throw notFound('The fundraising page');
      const user = await ctx.access.require(auth, Permission.CharityFundraisersManage, [found.charityId]);
      const row = await db().transaction(async (tx) => {
        const locked = await fundraisersRepository.lock(tx, id);
        if (!locked) throw notFound('The fundraising page');
        if ((locked.hiddenAt !== null) === (hide !== null)) return locked;
        const changed = await fundraisersRepository.update(
          tx,
          id,
          hide
            ? { hiddenAt: ctx.now(), hiddenBy: user.id, hiddenReason: hide.reason }
            : { hiddenAt: null, hiddenBy: null, hiddenReason: null },
          ctx.now(),
        );
        await recordChange(tx, changed, hide ? 'hidden' : 'shown');
        return changed;
      });
      return present(row, auth);
    },

    /** GET /user/fundraisers: the caller's own pages, newest first. */
    async mine(auth: AuthUser | null, query: PageQuery) {
      const user = await ctx.access.require(auth, Permission.FundraiserEdit, [auth?.id ?? 0]);
      const rows = await fundraisersRepository.ofUser(db(), user.id, pageKeyset(query, ['time', 'id']));
      const page = timedPage(rows, query, (r) => r.row);
      return { ...page, items: await views.cards(page.items) };
    },

    /** GET /charity/{id}/fundraisers: every page for the charity, hidden ones too (its admins). */
    async ofCharity(auth: AuthUser | null, charityId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.CharityFundraisersManage, [charityId]);
      const rows = await fundraisersRepository.ofCharity(db(), charityId, pageKeyset(query, ['time', 'id']));
      const page = timedPage(rows, query, (r) => r.row);
      return { ...page, items: await views.cards(page.items) };
    },

    /** GET /project/{id}/fundraisers: the project's open pages, most raised first. */
    async ofProject(projectId: number, query: PageQuery, visible: () => Promise<unknown>) {
      await visible();
      const rows = await fundraisersRepository.ofProject(
        db(),
        projectId,
        today(),
        pageKeyset(query, ['number', 'id']),
      );
      const page = toPage(rows, query, mostRaisedKey, (row) => row);
      return { ...page, items: await views.cards(page.items) };
    },

    /** GET /group/{id}/fundraisers: the team's leaderboard (a private group's for its members). */
    async team(auth: AuthUser | null, groupId: number): Promise<FundraiserTeam> {
      const group = await groupsQueries.find(db(), groupId);
      if (!group) throw notFound('The group');
      if (!group.isPublic) await ctx.access.require(auth, Permission.GroupRead, [groupId]);
      const [rows, totals] = await Promise.all([
        fundraisersRepository.ofGroup(db(), groupId, TEAM_LEADERBOARD_SIZE),
        fundraisersRepository.teamTotals(db(), groupId),
      ]);
      const cards = await views.cards(rows);
      return {
        group: { id: group.id, name: group.name },
        ...totals,
        items: cards.map((card, index) => ({ ...card, rank: index + 1 })),
      };
    },
  };
}
export type FundraisersService = ReturnType<typeof fundraisersService>;
