import type {
  Business,
  BusinessCreateBody,
  BusinessUpdateBody,
  MyBusiness,
  PageQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { AccountChange } from '../../events/catalogue.js';
import { notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import type { UploadSource } from '../../lib/uploads.js';
import { organisationViews, profileFields } from './organisation-views.js';
import { type BusinessRow, organisationsRepository, signoffPolicyOf } from './organisations.repository.js';

export function presentBusiness(row: BusinessRow): Business {
  return {
    id: row.id,
    name: row.name,
    registration_number: row.registrationNumber,
    description: row.description,
    logo: row.logo,
    is_franchise: row.isFranchise,
    parent_id: row.parentId,
    lock_status: row.lockStatus,
    approval_status: row.approvalStatus,
    rejection_reason: row.rejectionReason,
    signoff_policy: signoffPolicyOf(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** Found by others: approved, unlocked and not deleted. */
export const isPublicBusiness = (row: BusinessRow) =>
  row.approvalStatus === 'approved' && !row.lockStatus && !row.deletedAt;

/**
 * Organisations for their people (docs/product/organisations.md): applied for, seen, changed, given
 * a logo, listed for their members, found by name, deleted.
 */
export function organisationsService(ctx: AppContext) {
  const db = () => ctx.database.db;
  /** Records what happened to it in the change's transaction (docs/product/events.md). */
  const changed = (tx: Tx, id: number, change: AccountChange) =>
    ctx.events.record(tx, 'organisation.changed', { business_id: id, change });
  const { found, insertWithSuperAdmin, removeEmpty, steps } = organisationViews(ctx);

  return {
    found,

    /** POST /user/add/business: the person becomes its Super Admin; it waits for a platform admin. */
    async apply(auth: AuthUser | null, body: BusinessCreateBody) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const row = await db().transaction(async (tx) => {
        const made = await insertWithSuperAdmin(tx, body, {
          approvalStatus: 'pending',
          createdBy: user.id,
          adminId: user.id,
        });
        await changed(tx, made.id, 'applied');
        return made;
      });
      return presentBusiness(row);
    },

    /** GET /business/{id}: anyone signed in sees an approved, unlocked one; members and platform admins any. */
    async get(auth: AuthUser | null, id: number) {
      const row = await organisationsRepository.find(db(), id);
      if (!row) throw notFound('The organisation');
      if (isPublicBusiness(row) || auth?.isIicAdmin) return presentBusiness(row);
      if (await ctx.access.can(auth, Permission.BusinessRead, id)) return presentBusiness(row);
      throw notFound('The organisation');
    },

    async update(auth: AuthUser | null, id: number, body: BusinessUpdateBody) {
      await ctx.access.require(auth, Permission.BusinessUpdate, [id]);
      await found(id);
      const updated = await db().transaction(async (tx) => {
        const next = await organisationsRepository.update(tx, id, profileFields(body));
        await changed(tx, id, 'updated');
        return next;
      });
      return presentBusiness(updated);
    },

    /** Deletes an organisation: refused while it holds money or has sub-businesses. */
    async remove(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.BusinessDelete, [id]);
      await removeEmpty(await found(id), {
        funds:
          'The organisation still holds money (its wallet, credits or donations waiting for sign-off). Move or give it first.',
        children: 'Delete or move its sub-businesses first.',
      });
      return { message: 'Organisation deleted' };
    },

    async mine(auth: AuthUser | null, query: PageQuery) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const cursor = decodeCursor(query.cursor, ['text', 'id']);
      const rows = await organisationsRepository.listOfUser(db(), user.id, {
        limit: query.limit + 1,
        cursor,
        before: query.direction === 'before',
      });
      return toPage(
        rows,
        query,
        (row) => [row.business.name, row.business.id],
        (row): MyBusiness => ({
          ...presentBusiness(row.business),
          admin_type: row.membership.adminType,
          is_signoff_admin: row.membership.isSignoffAdmin,
        }),
      );
    },

    async autocomplete(q: string, limit: number) {
      return { items: await organisationsRepository.autocomplete(db(), q, limit) };
    },

    async setLogo(auth: AuthUser | null, id: number, readFile: UploadSource) {
      await ctx.access.require(auth, Permission.BusinessUpdate, [id]);
      const row = await found(id);
      return presentBusiness(await steps.replaceLogo(row, readFile));
    },
  };
}
export type OrganisationsService = ReturnType<typeof organisationsService>;
