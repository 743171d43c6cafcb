import {
  ADMIN_TYPE,
  type OrganisationNode,
  type SubBusinessCreateBody,
  type TransferEmployeesBody,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { hierarchyRepository, type TreeRow } from './hierarchy.repository.js';
import { organisationViews } from './organisation-views.js';
import { organisationsRepository } from './organisations.repository.js';
import { presentBusiness } from './organisations.service.js';

/** The tree of sub-businesses as the wire shape, from rows in level order. */
function treeOf(rows: TreeRow[], members: Map<number, number>, rootId: number): OrganisationNode | null {
  const nodes = new Map<number, OrganisationNode>();
  for (const row of rows)
    nodes.set(row.id, {
      id: row.id,
      name: row.name,
      approval_status: row.approvalStatus,
      lock_status: row.lockStatus,
      members: members.get(row.id) ?? 0,
      children: [],
    });
  for (const row of rows) {
    if (row.id === rootId || row.parentId === null) continue;
    const node = nodes.get(row.id);
    if (node) nodes.get(row.parentId)?.children.push(node);
  }
  return nodes.get(rootId) ?? null;
}

/**
 * The hierarchy (docs/product/organisations.md#sub-businesses, decision 024): an organisation's
 * tree of sub-businesses; a Super Admin of the parent adds and removes them and moves employees
 * between the two. Funds move with `POST /organisation/transfer_funds` (the wallet module).
 */
export function hierarchyService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { removeEmpty } = organisationViews(ctx);

  /** The parent of two related organisations (one the direct sub-business of the other). */
  async function parentOfPair(auth: AuthUser | null, fromId: number, toId: number) {
    // Both are named in the body: a caller who is a Super Admin of neither is refused first.
    const held = await ctx.access.allowed(auth, Permission.BusinessHierarchyManage, [fromId, toId]);
    const caller =
      held.size > 0
        ? (auth as AuthUser)
        : await ctx.access.require(auth, Permission.BusinessHierarchyManage, [fromId]);
    const [from, to] = await Promise.all([
      organisationsRepository.find(db(), fromId),
      organisationsRepository.find(db(), toId),
    ]);
    if (!from || !to) throw notFound('The organisation');
    const parent = from.id === to.parentId ? from : to.id === from.parentId ? to : undefined;
    if (!parent)
      throw new AppError(
        409,
        'NOT_RELATED',
        'Employees move only between an organisation and its own sub-businesses.',
      );
    await ctx.access.require(caller, Permission.BusinessHierarchyManage, [parent.id]);
    return { caller, from, to };
  }

  return {
    /** GET /organisation/{id}: the organisation and its sub-businesses, as a tree. */
    async tree(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.BusinessRead, [id]);
      const rows = await hierarchyRepository.subtree(db(), id);
      const members = await hierarchyRepository.memberCounts(
        db(),
        rows.map((row) => row.id),
      );
      const tree = treeOf(rows, members, id);
      if (!tree) throw notFound('The organisation');
      return { can_manage: await ctx.access.can(auth, Permission.BusinessHierarchyManage, id), tree };
    },

    /** POST /organisation/sub_business: the caller becomes its first Super Admin; approved with its parent. */
    async create(auth: AuthUser | null, body: SubBusinessCreateBody) {
      const user = await ctx.access.require(auth, Permission.BusinessHierarchyManage, [body.parent_id]);
      const parent = await organisationsRepository.find(db(), body.parent_id);
      if (!parent) throw notFound('The organisation');
      const row = await db().transaction(async (tx) => {
        const created = await organisationsRepository.insert(
          tx,
          {
            name: body.name,
            description: body.description ?? null,
            parentId: parent.id,
            approvalStatus: parent.approvalStatus === 'approved' ? 'approved' : 'pending',
            createdBy: user.id,
          },
          ctx.now(),
        );
        await organisationsRepository.addMember(tx, created.id, user.id, ADMIN_TYPE.superAdmin, ctx.now());
        return created;
      });
      return presentBusiness(row);
    },

    /** DELETE /organisation/sub_business/{id}: only when it holds no money and has no sub-businesses. */
    async remove(auth: AuthUser | null, id: number) {
      // Signed in first; the permission is asked of the parent, which the row names.
      await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const row = await organisationsRepository.find(db(), id);
      if (!row?.parentId) {
        await ctx.access.require(auth, Permission.BusinessHierarchyManage, [id]);
        throw notFound('The sub-business');
      }
      await ctx.access.require(auth, Permission.BusinessHierarchyManage, [row.parentId]);
      await removeEmpty(row, {
        funds:
          'The sub-business still holds money (its wallet, credits or donations waiting for sign-off). Move it to the parent first.',
        children: 'Delete or move its own sub-businesses first.',
      });
      return { message: 'Sub-business deleted' };
    },

    /**
     * POST /organisation/transfer_employees: people leave one organisation and join the other as
     * Employees; the last Super Admin never leaves.
     */
    async transferEmployees(auth: AuthUser | null, body: TransferEmployeesBody) {
      const { from, to } = await parentOfPair(auth, body.from_business_id, body.to_business_id);
      const ids = [...new Set(body.user_ids)];
      const moved = await db().transaction(async (tx) => {
        const superAdmins = await organisationsRepository.lockSuperAdmins(tx, from.id);
        const members = await hierarchyRepository.lockMembers(tx, from.id, ids);
        if (members.length !== ids.length) {
          const found = new Set(members.map((m) => m.userId));
          const missing = ids.filter((id) => !found.has(id));
          throw new AppError(422, 'NOT_MEMBERS', `Not members of ${from.name}: ${missing.join(', ')}.`, {
            fields: { user_ids: `Not members of ${from.name}.` },
            user_ids: missing,
          });
        }
        const leavingSuperAdmins = members.filter((m) => m.adminType === ADMIN_TYPE.superAdmin).length;
        if (leavingSuperAdmins > 0 && leavingSuperAdmins >= superAdmins.length)
          throw conflict(
            'LAST_SUPER_ADMIN',
            `The last Super Admin of ${from.name} cannot move. Make another member Super Admin first.`,
          );
        await hierarchyRepository.moveMembers(tx, from.id, to.id, ids, ctx.now());
        return ids;
      });
      return {
        moved,
        message: `${moved.length} ${moved.length === 1 ? 'employee' : 'employees'} moved to ${to.name}`,
      };
    },
  };
}
export type HierarchyService = ReturnType<typeof hierarchyService>;
