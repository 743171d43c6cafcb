import { and, desc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, insertOne, stampedWrites } from '../../db/insert.js';
import { newestRows } from '../../db/pages.js';
import { exactTime, type Keyset, newestFirst } from '../../lib/pagination.js';
import { fundraiserPosts, fundraisers } from './fundraisers.table.js';

export type FundraiserRow = typeof fundraisers.$inferSelect;
export type FundraiserPostRow = typeof fundraiserPosts.$inferSelect;

const visible = isNull(fundraisers.hiddenAt);
/** Open: visible, and its end date not passed (`today` is the UTC day). */
const open = (today: string) => and(visible, gte(fundraisers.endDate, today));

/** Most raised first, then id: the order of a project's pages and a team's leaderboard. */
function mostRaised(page: Keyset): { conditions: SQL[]; order: SQL[] } {
  const [raised, id] = page.cursor ?? [];
  const before = page.before;
  const conditions: SQL[] = [];
  if (raised !== undefined && id !== undefined) {
    const r = Number(raised);
    const i = Number(id);
    conditions.push(
      before
        ? (or(
            sql`${fundraisers.raised} > ${r}`,
            and(eq(fundraisers.raised, r), sql`${fundraisers.id} < ${i}`),
          ) as SQL)
        : (or(
            sql`${fundraisers.raised} < ${r}`,
            and(eq(fundraisers.raised, r), sql`${fundraisers.id} > ${i}`),
          ) as SQL),
    );
  }
  const order = before
    ? [sql`${fundraisers.raised} asc`, sql`${fundraisers.id} desc`]
    : [desc(fundraisers.raised), sql`${fundraisers.id} asc`];
  return { conditions, order };
}

/** The cursor of a page in the most-raised order. */
export const mostRaisedKey = (row: FundraiserRow) => [row.raised, row.id];

/** SQL of the fundraising pages (docs/product/fundraising-pages.md). */
export const fundraisersRepository = {
  ...stampedWrites(fundraisers),

  find(db: Executor, id: number): Promise<FundraiserRow | undefined> {
    return firstWhere(db, fundraisers, eq(fundraisers.id, id));
  },

  lock(db: Executor, id: number): Promise<FundraiserRow | undefined> {
    return firstWhere(db, fundraisers, eq(fundraisers.id, id), true);
  },

  /** A person's own pages, newest first, hidden ones too. */
  ofUser(db: Executor, userId: number, page: Keyset) {
    return newestRows(db, fundraisers, page, [eq(fundraisers.userId, userId)]);
  },

  /** Every page for a charity or its projects, newest first, hidden ones too (its admins' list). */
  ofCharity(db: Executor, charityId: number, page: Keyset) {
    return newestRows(db, fundraisers, page, [eq(fundraisers.charityId, charityId)]);
  },

  /** A project's open pages, most raised first. */
  ofProject(db: Executor, projectId: number, today: string, page: Keyset) {
    const { conditions, order } = mostRaised(page);
    return db
      .select()
      .from(fundraisers)
      .where(and(eq(fundraisers.projectId, projectId), open(today), ...conditions))
      .orderBy(...order)
      .limit(page.limit);
  },

  /** A group's team: its visible pages (ended ones too), most raised first. */
  ofGroup(db: Executor, groupId: number, limit: number) {
    return db
      .select()
      .from(fundraisers)
      .where(and(eq(fundraisers.groupId, groupId), visible))
      .orderBy(desc(fundraisers.raised), sql`${fundraisers.createdAt} asc`, sql`${fundraisers.id} asc`)
      .limit(limit);
  },

  /** A team's totals over all its visible pages. */
  async teamTotals(db: Executor, groupId: number): Promise<{ raised: number; gifts: number }> {
    const [row] = await db
      .select({
        raised: sql<number>`coalesce(sum(${fundraisers.raised}), 0)`.mapWith(Number),
        gifts: sql<number>`coalesce(sum(${fundraisers.gifts}), 0)`.mapWith(Number),
      })
      .from(fundraisers)
      .where(and(eq(fundraisers.groupId, groupId), visible));
    return row ?? { raised: 0, gifts: 0 };
  },

  insertPost(db: Executor, values: typeof fundraiserPosts.$inferInsert): Promise<FundraiserPostRow> {
    return insertOne(db, fundraiserPosts, values);
  },

  /** A page's posts, newest first. */
  posts(db: Executor, fundraiserId: number, page: Keyset) {
    const { conditions, order } = newestFirst(
      fundraiserPosts.createdAt,
      fundraiserPosts.id,
      page.cursor,
      page.before,
    );
    return db
      .select({ row: fundraiserPosts, at: exactTime(fundraiserPosts.createdAt) })
      .from(fundraiserPosts)
      .where(and(eq(fundraiserPosts.fundraiserId, fundraiserId), ...conditions))
      .orderBy(...order)
      .limit(page.limit);
  },
};

/** What other modules ask of the fundraising pages. */
export const fundraisersQueries = {
  /** A page by id (hidden or not). */
  find: fundraisersRepository.find,
  /** A page by id, locked until the transaction ends (a gift through it). */
  lock: fundraisersRepository.lock,
  /** Titles of pages by id (the gifts made through them). */
  async titles(db: Executor, ids: Array<number | null>): Promise<Map<number, string>> {
    const unique = [...new Set(ids.filter((id): id is number => id !== null))];
    if (unique.length === 0) return new Map();
    const rows = await db
      .select({ id: fundraisers.id, title: fundraisers.title })
      .from(fundraisers)
      .where(inArray(fundraisers.id, unique));
    return new Map(rows.map((row) => [row.id, row.title]));
  },
};

/** The writes other modules ask of the fundraising pages' tables, in their transaction. */
export const fundraisersWrites = {
  /**
   * A gift through a page counts toward it (sign +1) or is taken off (-1): `amount` of funds, and
   * one gift when the gift itself starts or stops counting (`gifts`).
   */
  async addProgress(db: Executor, id: number, delta: { raised: number; gifts: number }): Promise<void> {
    await db
      .update(fundraisers)
      .set({
        raised: sql`greatest(0, ${fundraisers.raised} + ${delta.raised})`,
        gifts: sql`greatest(0, ${fundraisers.gifts} + ${delta.gifts})`,
      })
      .where(eq(fundraisers.id, id));
  },
};
