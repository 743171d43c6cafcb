import type { CharityCreateBody, CharityUpdateBody, PageQuery } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { AccountChange } from '../../events/catalogue.js';
import { conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { deleteUpload, type UploadSource } from '../../lib/uploads.js';
import { projectsQueries } from '../projects/index.js';
import { charitiesRepository } from './charities.repository.js';
import { charityViews, presentCharity } from './charity-views.js';

export { charityAdminEmails, presentCharity } from './charity-views.js';

/**
 * A charity for its people and its visitors (docs/product/projects-and-charities.md): seen, listed,
 * applied for, changed, given a logo, its funds read, deleted.
 */
/** What a charity's money is beyond its balances, from the modules that move it (refunds, payouts). */
export interface CharityMoney {
  available: number;
  held: number;
  refunded: number;
  paid_out: number;
  payouts_waiting: number;
}

export function charitiesService(
  ctx: AppContext,
  moneyOf: (charityId: number) => Promise<CharityMoney> = async () => ({
    available: 0,
    held: 0,
    refunded: 0,
    paid_out: 0,
    payouts_waiting: 0,
  }),
) {
  const db = () => ctx.database.db;
  /** Records what happened to it in the change's transaction (docs/product/events.md). */
  const changed = (tx: Tx, id: number, change: AccountChange) =>
    ctx.events.record(tx, 'charity.changed', { charity_id: id, change });
  const { fields, visible, present, funds, insertWithAdmin, steps } = charityViews(ctx);

  return {
    async get(id: number, viewer: AuthUser | null) {
      const row = await visible(id, viewer);
      return present(row, await ctx.access.can(viewer, Permission.CharityUpdate, id));
    },

    /** The public list of charities, the same for every caller: read from the replica when there is one. */
    async listPublic(query: PageQuery & { q?: string | undefined }) {
      const reads = ctx.database.reads;
      const cursor = decodeCursor(query.cursor, ['text', 'id']);
      const rows = await charitiesRepository.listPublic(reads, {
        limit: query.limit + 1,
        ...(cursor ? { cursor } : {}),
        before: query.direction === 'before',
        ...(query.q ? { q: query.q } : {}),
      });
      const page = toPage(
        rows,
        query,
        (row) => [row.name, row.id],
        (row) => row,
      );
      const counts = await projectsQueries.liveCountsByCharity(
        reads,
        page.items.map((row) => row.id),
      );
      return { ...page, items: page.items.map((row) => presentCharity(row, counts.get(row.id) ?? 0)) };
    },

    /** A signed-in person applies to add their charity; it waits for a platform admin. */
    async apply(userId: number, body: CharityCreateBody) {
      const values = await fields(body);
      const row = await db().transaction(async (tx) => {
        const made = await insertWithAdmin(tx, values, body, {
          approvalStatus: 'pending',
          createdBy: userId,
          adminId: userId,
        });
        await changed(tx, made.id, 'applied');
        return made;
      });
      return presentCharity(row);
    },

    async update(auth: AuthUser | null, id: number, body: CharityUpdateBody) {
      await ctx.access.require(auth, Permission.CharityUpdate, [id]);
      const row = await charitiesRepository.find(db(), id);
      if (!row) throw notFound('The charity');
      const values = await fields(body);
      const updated = await db().transaction(async (tx) => {
        const next = await charitiesRepository.update(tx, id, values, ctx.now());
        await changed(tx, id, 'updated');
        return next;
      });
      return present(updated, true);
    },

    /** Removes a charity from the product; refused while it holds money or runs projects. */
    async remove(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.CharityDelete, [id]);
      const row = await charitiesRepository.find(db(), id);
      if (!row) throw notFound('The charity');
      // Money held by any of its projects counts too: a project Finished by its end date keeps its funds.
      const held = await funds(id);
      if (held.charity_funds > 0 || held.project_funds > 0)
        throw conflict(
          'CHARITY_HAS_FUNDS',
          'The charity or its projects still hold funds. Pay them out first.',
        );
      // A Completed project has already paid its funds to the charity: only Live ones count.
      if ((await projectsQueries.liveCountsByCharity(db(), [id])).has(id)) {
        throw conflict('CHARITY_HAS_PROJECTS', 'Complete or cancel the live projects first.');
      }
      const now = ctx.now();
      await db().transaction(async (tx) => {
        await charitiesRepository.update(tx, id, { deletedAt: now }, now);
        await changed(tx, id, 'deleted');
      });
      await deleteUpload(ctx.storage, row.logo);
      return { message: 'Charity deleted' };
    },

    async setLogo(auth: AuthUser | null, id: number, readFile: UploadSource) {
      await ctx.access.require(auth, Permission.CharityUpdate, [id]);
      const row = await charitiesRepository.find(db(), id);
      if (!row) throw notFound('The charity');
      return present(await steps.replaceLogo(row, readFile));
    },

    async funds(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.CharityFinanceRead, [id]);
      const [balances, money] = await Promise.all([funds(id), moneyOf(id)]);
      return { ...balances, ...money };
    },
  };
}
export type CharitiesService = ReturnType<typeof charitiesService>;
