import type {
  AdminBusinessCreateBody,
  AdminLockBody,
  BusinessDecisionBody,
  PageQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { organisationViews } from './organisation-views.js';
import { type BusinessRow, organisationsRepository } from './organisations.repository.js';
import { presentBusiness } from './organisations.service.js';

/**
 * The platform's review of organisations (docs/product/platform-admin.md): one added by a platform
 * admin, the organisations by approval status, the decision, and a lock with its reason.
 */
export function organisationReviewService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { found, insertWithSuperAdmin, steps } = organisationViews(ctx);

  return {
    /** POST /business: a platform admin adds an approved organisation with a named Super Admin. */
    async createByAdmin(auth: AuthUser | null, body: AdminBusinessCreateBody) {
      const by = await ctx.access.require(auth, Permission.BusinessCreate);
      const person = await steps.namedAdmin(body.admin_email);
      const row = await steps.createByAdmin(by.id, person.id, (tx) =>
        insertWithSuperAdmin(tx, body, { approvalStatus: 'approved', createdBy: by.id, adminId: person.id }),
      );
      return presentBusiness(row);
    },

    /**
     * PATCH /admin/business/{id}/lock: a locked organisation moves no money and is not found by
     * others. The reason goes to the audit log and to its Super Admins.
     */
    async setLock(auth: AuthUser | null, id: number, body: AdminLockBody) {
      const actor = await ctx.access.require(auth, Permission.BusinessLock);
      const row = await found(id);
      return presentBusiness(await steps.setLock(actor.id, row, body));
    },

    /** GET /admin/business_list: organisations by approval status, newest first. */
    async reviewList(
      auth: AuthUser | null,
      query: PageQuery,
      status: BusinessRow['approvalStatus'],
      filter: { q?: string | undefined; locked?: boolean | undefined } = {},
    ) {
      await ctx.access.require(auth, Permission.BusinessReviewRead);
      const cursor = decodeCursor(query.cursor, ['id']);
      const rows = await organisationsRepository.listByApproval(
        db(),
        status,
        { limit: query.limit + 1, cursor, before: query.direction === 'before' },
        filter,
      );
      return toPage(rows, query, (row) => [row.id], presentBusiness);
    },

    /** POST /admin/business/pending/update: approve or reject a pending organisation; its Super Admins are mailed. */
    async decide(auth: AuthUser | null, body: BusinessDecisionBody) {
      const actor = await ctx.access.require(auth, Permission.BusinessReview);
      const row = await found(body.business_id);
      return presentBusiness(await steps.decide(actor.id, row, body.status, body.reason));
    },
  };
}
export type OrganisationReviewService = ReturnType<typeof organisationReviewService>;
