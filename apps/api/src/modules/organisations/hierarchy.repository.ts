import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { businesses, businessMemberships } from './organisations.table.js';

/** The deepest hierarchy read: sub-businesses of sub-businesses, at most this many levels. */
const MAX_DEPTH = 10;

export interface TreeRow {
  id: number;
  name: string;
  parentId: number | null;
  approvalStatus: string;
  lockStatus: boolean;
}

/**
 * Sub-businesses (docs/product/organisations.md#sub-businesses): the tree under an organisation,
 * and moving members within it.
 */
export const hierarchyRepository = {
  /** The organisation and every sub-business under it (not deleted), level by level. */
  async subtree(db: Executor, rootId: number): Promise<TreeRow[]> {
    const columns = {
      id: businesses.id,
      name: businesses.name,
      parentId: businesses.parentId,
      approvalStatus: businesses.approvalStatus,
      lockStatus: businesses.lockStatus,
    };
    const roots = await db
      .select(columns)
      .from(businesses)
      .where(and(eq(businesses.id, rootId), isNull(businesses.deletedAt)));
    const all: TreeRow[] = [...roots];
    let level = roots.map((row) => row.id);
    for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth += 1) {
      const children = await db
        .select(columns)
        .from(businesses)
        .where(and(inArray(businesses.parentId, level), isNull(businesses.deletedAt)))
        .orderBy(businesses.name, businesses.id);
      all.push(...children);
      level = children.map((row) => row.id);
    }
    return all;
  },

  async memberCounts(db: Executor, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: businessMemberships.businessId, n: count() })
      .from(businessMemberships)
      .where(inArray(businessMemberships.businessId, ids))
      .groupBy(businessMemberships.businessId);
    return new Map(rows.map((row) => [row.id, row.n]));
  },

  /** These people's memberships of the organisation, locked (moving them is checked under the lock). */
  async lockMembers(db: Executor, businessId: number, userIds: number[]) {
    if (userIds.length === 0) return [];
    return db
      .select()
      .from(businessMemberships)
      .where(
        and(eq(businessMemberships.businessId, businessId), inArray(businessMemberships.userId, userIds)),
      )
      .orderBy(businessMemberships.userId)
      .for('update');
  },

  /** Moves people from one organisation to another: they join it as Employees (unless already there). */
  async moveMembers(db: Executor, from: number, to: number, userIds: number[], now: Date) {
    if (userIds.length === 0) return;
    await db
      .insert(businessMemberships)
      .values(userIds.map((userId) => ({ businessId: to, userId, adminType: 99, createdAt: now })))
      .onConflictDoNothing();
    await db
      .delete(businessMemberships)
      .where(and(eq(businessMemberships.businessId, from), inArray(businessMemberships.userId, userIds)));
  },
};

/** What other modules read of the hierarchy: the reports' sub-businesses (decision 024). */
export const hierarchyQueries = {
  subtree: (db: Executor, rootId: number) => hierarchyRepository.subtree(db, rootId),
  memberIds: (db: Executor, businessIds: number[]) => memberIdsOf(db, businessIds),
};

/** The people who belong to any of these organisations (their employees' own giving counts for them). */
export async function memberIdsOf(db: Executor, businessIds: number[]): Promise<number[]> {
  if (businessIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: businessMemberships.userId })
    .from(businessMemberships)
    .where(inArray(businessMemberships.businessId, businessIds));
  return rows.map((row) => row.userId);
}
