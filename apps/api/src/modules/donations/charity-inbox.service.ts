import {
  type ApproveDonationsBody,
  type DonationFilters,
  GIVING_TYPE,
  type PageQuery,
  type Supporter,
  TRANSACTION_STATUS,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { timedPage, toPage } from '../../lib/pagination.js';
import { organisationsQueries } from '../organisations/index.js';
import { usersQueries } from '../users/index.js';
import { invalidMove } from './donation-flow.js';
import { donationViews, filterOf, keyset } from './donation-views.js';
import {
  type DonationRow,
  type DonationWhere,
  donationsRepository,
  FUNDS_COUNTED_STATUSES,
} from './donations.repository.js';
import type { GiftRecorder } from './gift-recorder.js';
import { guestsRepository } from './guests.repository.js';

const { awaitingCharityApproval, approved, completed, canceled } = TRANSACTION_STATUS;
const { funds } = GIVING_TYPE;

/**
 * The charity's inbox: the donations to it and to its projects, its answers to offers of time and
 * goods, and the supporters its projects show.
 */
export function charityInboxService(ctx: AppContext, recorder: GiftRecorder) {
  const db = () => ctx.database.db;
  const { flow } = recorder;
  const { present, page } = donationViews(ctx);

  /** The supporters of a wall (a project's or a fundraising page's), newest first. */
  async function supportersWhere(filter: DonationWhere, query: PageQuery) {
    const rows = await donationsRepository.list(db(), filter, keyset(query));
    const result = timedPage(rows, query, (row) => row.donation);
    const shown = result.items.filter((row) => !row.anonymous);
    const [names, organisations, guests] = await Promise.all([
      usersQueries.names(
        db(),
        shown.filter((row) => row.donorType === 'user').map((row) => row.donorId),
      ),
      organisationsQueries.names(
        db(),
        shown.filter((row) => row.donorType === 'business').map((row) => row.donorId),
      ),
      guestsRepository.names(
        db(),
        shown.filter((row) => row.donorType === 'guest').map((row) => row.donorId),
      ),
    ]);
    const items: Supporter[] = result.items.map((row) => ({
      id: row.id,
      anonymous: row.anonymous,
      name: row.anonymous
        ? 'Anonymous'
        : ((row.donorType === 'user'
            ? names.get(row.donorId)
            : row.donorType === 'guest'
              ? guests.get(row.donorId)
              : organisations.get(row.donorId)) ?? 'An organisation'),
      type: row.type,
      amount: row.type === funds && !row.anonymous ? row.amount : null,
      hours: row.hours,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    }));
    return { ...result, items };
  }

  return {
    async ofCharity(
      auth: AuthUser | null,
      charityId: number,
      filters: DonationFilters,
      query: PageQuery,
      method?: number,
    ) {
      await ctx.access.require(auth, Permission.CharityDonationsRead, [charityId]);
      return page({ ...filterOf(filters), charityId, ...(method ? { method } : {}) }, query);
    },

    async ofProject(
      auth: AuthUser | null,
      projectId: number,
      filters: DonationFilters,
      query: PageQuery,
      types?: number[],
    ) {
      await ctx.access.require(auth, Permission.ProjectManage, [projectId]);
      return page({ ...filterOf(filters), projectId, ...(types ? { types } : {}) }, query);
    },

    /** People who gave time, skills or gifts to a project and no funds. */
    async withoutFunds(auth: AuthUser | null, projectId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.ProjectManage, [projectId]);
      const rows = await donationsRepository.withoutFunds(db(), projectId, keyset(query));
      const result = toPage(
        rows,
        query,
        (row) => [row.lastAt, row.firstId],
        (row) => row,
      );
      const [names, guests] = await Promise.all([
        usersQueries.names(
          db(),
          result.items.filter((row) => row.donorType === 'user').map((row) => row.donorId),
        ),
        guestsRepository.names(
          db(),
          result.items.filter((row) => row.donorType === 'guest').map((row) => row.donorId),
        ),
      ]);
      return {
        ...result,
        items: result.items.map((row) => ({
          donor: {
            kind: row.donorType,
            id: row.donorId,
            name:
              (row.donorType === 'user'
                ? names.get(row.donorId)
                : row.donorType === 'guest'
                  ? guests.get(row.donorId)
                  : undefined) ?? 'An organisation',
          },
          types: [...row.types].sort(),
          hours: Number(row.hours),
          gifts: Number(row.gifts),
          last_at: row.lastAt,
        })),
      };
    },

    /** The public supporters wall: names unless anonymous, never an email. */
    async supporters(
      projectId: number,
      query: PageQuery,
      viewer: AuthUser | null,
      visible: (id: number, viewer: AuthUser | null) => Promise<unknown>,
    ) {
      await visible(projectId, viewer);
      return supportersWhere({ projectId, statuses: [approved, completed, awaitingCharityApproval] }, query);
    },

    /**
     * A fundraising page's supporters wall: the gifts counted through it, as a project's wall shows
     * them (docs/product/fundraising-pages.md#giving-through-a-page).
     */
    async fundraiserSupporters(
      fundraiserId: number,
      query: PageQuery,
      viewer: AuthUser | null,
      visible: (id: number, viewer: AuthUser | null) => Promise<unknown>,
    ) {
      await visible(fundraiserId, viewer);
      return supportersWhere({ fundraiserId, statuses: FUNDS_COUNTED_STATUSES }, query);
    },

    /** POST /charity/{id}/approve_donations: approve, decline or complete offers of time and goods. */
    async charityAct(auth: AuthUser | null, charityId: number, body: ApproveDonationsBody) {
      const user = await ctx.access.require(auth, Permission.CharityDonationsApprove, [charityId]);
      if (body.action === 'reject' && !body.reason)
        throw badRequest('Say why the donation is declined.', { reason: 'Say why, in a few words.' });
      const to = { approve: approved, reject: canceled, complete: completed }[body.action];
      const rows = await db().transaction(async (tx) => {
        const locked = await donationsRepository.lock(tx, body.donation_ids);
        const found = new Set(locked.map((row) => row.id));
        const missing = body.donation_ids.filter((id) => !found.has(id));
        const foreign = locked.filter((row) => row.charityId !== charityId);
        if (missing.length > 0 || foreign.length > 0) throw notFound('A donation');
        const out: DonationRow[] = [];
        for (const row of locked) {
          if (row.type === funds) throw invalidMove(row, to);
          const confirmed = body.confirmed_hours?.[String(row.id)];
          out.push(
            await flow.move(
              tx,
              row,
              to,
              { userId: user.id, reason: body.reason ?? null },
              {
                ...(confirmed !== undefined ? { confirmedHours: confirmed } : {}),
              },
            ),
          );
        }
        return out;
      });
      return { donations: await present(rows) };
    },
  };
}
export type CharityInboxService = ReturnType<typeof charityInboxService>;
