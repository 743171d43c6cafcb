import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, lockedWhere, upsertOne } from '../../db/insert.js';
import { businessMatching } from './matching.table.js';

export type MatchingRow = typeof businessMatching.$inferSelect;

export const matchingRepository = {
  async find(db: Executor, businessId: number): Promise<MatchingRow | undefined> {
    return firstWhere(db, businessMatching, eq(businessMatching.businessId, businessId));
  },

  /** The settings row, locked until the transaction ends: the matches of one organisation take turns. */
  async lock(db: Executor, businessId: number): Promise<MatchingRow | undefined> {
    return lockedWhere(db, businessMatching, eq(businessMatching.businessId, businessId));
  },

  /** Which of these organisations match at all (active settings), by id. */
  async activeOf(db: Executor, businessIds: number[]): Promise<number[]> {
    if (businessIds.length === 0) return [];
    const rows = await db
      .select({ id: businessMatching.businessId })
      .from(businessMatching)
      .where(and(inArray(businessMatching.businessId, businessIds), eq(businessMatching.active, true)))
      .orderBy(asc(businessMatching.businessId));
    return rows.map((row) => row.id);
  },

  async save(db: Executor, values: MatchingRow): Promise<MatchingRow> {
    const { businessId, ...rest } = values;
    return upsertOne(db, businessMatching, values, businessMatching.businessId, rest);
  },
};
