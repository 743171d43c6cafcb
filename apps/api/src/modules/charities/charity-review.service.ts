import type { AdminLockBody, CharityCreateBody, CharityDecisionBody, PageQuery } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { type CharityRow, charitiesRepository } from './charities.repository.js';
import { charityViews, presentCharity } from './charity-views.js';

/**
 * The platform's review of charities (docs/product/platform-admin.md): a charity added by a platform
 * admin, the charities waiting for review, the decision, and a lock with its reason.
 */
export function charityReviewService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { fields, present, insertWithAdmin, steps } = charityViews(ctx);

  return {
    /** A platform admin adds a charity, approved at once, with a named person as its admin. */
    async createByAdmin(auth: AuthUser | null, body: CharityCreateBody & { admin_email: string }) {
      const { id: adminId } = await ctx.access.require(auth, Permission.CharityCreate);
      const admin = await steps.namedAdmin(body.admin_email);
      const values = await fields(body);
      const row = await steps.createByAdmin(adminId, admin.id, (tx) =>
        insertWithAdmin(tx, values, body, {
          approvalStatus: 'approved',
          createdBy: adminId,
          adminId: admin.id,
        }),
      );
      return presentCharity(row);
    },

    async pending(auth: AuthUser | null, query: PageQuery, status: CharityRow['approvalStatus'] = 'pending') {
      await ctx.access.require(auth, Permission.CharityReviewRead);
      const cursor = decodeCursor(query.cursor, ['id']);
      const rows = await charitiesRepository.listByApproval(db(), status, {
        limit: query.limit + 1,
        ...(cursor ? { cursor } : {}),
        before: query.direction === 'before',
      });
      return toPage(
        rows,
        query,
        (row) => [row.id],
        (row) => presentCharity(row),
      );
    },

    async decide(auth: AuthUser | null, body: CharityDecisionBody) {
      const actor = await ctx.access.require(auth, Permission.CharityReview);
      const row = await charitiesRepository.find(db(), body.charity_id);
      if (!row) throw notFound('The charity');
      return present(await steps.decide(actor.id, row, body.status, body.reason));
    },

    /** PATCH /admin/charity/{id}/lock: the reason goes to the audit log and to the charity's admins. */
    async setLock(auth: AuthUser | null, id: number, body: AdminLockBody) {
      const actor = await ctx.access.require(auth, Permission.CharityLock);
      const row = await charitiesRepository.find(db(), id);
      if (!row) throw notFound('The charity');
      return present(await steps.setLock(actor.id, row, body));
    },
  };
}
export type CharityReviewService = ReturnType<typeof charityReviewService>;
