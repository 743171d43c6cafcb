import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertIfNew } from '../../db/insert.js';
import { projectReminders, statisticsDaily, statisticsRuns } from './admin.table.js';

export interface DailyValue {
  name: string;
  day: string;
  value: number;
}

/** SQL of the admin area's own tables: expiry reminders and the precomputed statistics. */
export const adminRepository = {
  /** Claims today's reminder of a project; false when one was already sent today. */
  async claimReminder(db: Executor, projectId: number, day: string, sentBy: number, now: Date) {
    return (
      (await insertIfNew(db, projectReminders, { projectId, day, sentBy, createdAt: now })) !== undefined
    );
  },

  /** When each project was last reminded. */
  async lastReminders(db: Executor, projectIds: number[]): Promise<Map<number, Date>> {
    if (projectIds.length === 0) return new Map();
    const rows = await db
      .select({ projectId: projectReminders.projectId, at: sql<string>`max(${projectReminders.createdAt})` })
      .from(projectReminders)
      .where(inArray(projectReminders.projectId, projectIds))
      .groupBy(projectReminders.projectId);
    return new Map(rows.map((row) => [row.projectId, new Date(row.at)]));
  },

  /** Replaces every precomputed daily value and stamps the run, in the caller's transaction. */
  async replaceStatistics(db: Executor, values: DailyValue[], now: Date) {
    await db.delete(statisticsDaily);
    for (let i = 0; i < values.length; i += 1000) {
      // Two refreshes at once (two processes' first calls) must not collide: the later one wins.
      await db
        .insert(statisticsDaily)
        .values(values.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: [statisticsDaily.name, statisticsDaily.day],
          set: { value: sql`excluded.value` },
        });
    }
    await db.delete(statisticsRuns);
    await db.insert(statisticsRuns).values({ computedAt: now });
  },

  async lastRun(db: Executor): Promise<Date | undefined> {
    const [row] = await db.select({ at: statisticsRuns.computedAt }).from(statisticsRuns).limit(1);
    return row?.at;
  },

  /** One figure's value by month within the range, and its total; `before`: its sum before the range. */
  async monthly(db: Executor, name: string, from: string, to: string) {
    const month = sql<string>`to_char(${statisticsDaily.day}, 'YYYY-MM')`;
    const rows = await db
      .select({ month, value: sql<string>`sum(${statisticsDaily.value})` })
      .from(statisticsDaily)
      .where(
        and(eq(statisticsDaily.name, name), gte(statisticsDaily.day, from), lte(statisticsDaily.day, to)),
      )
      .groupBy(month)
      .orderBy(month);
    return rows.map((row) => ({ month: row.month, value: Number(row.value) }));
  },

  async sumBefore(db: Executor, name: string, before: string): Promise<number> {
    const [row] = await db
      .select({ value: sql<string>`coalesce(sum(${statisticsDaily.value}), 0)` })
      .from(statisticsDaily)
      .where(and(eq(statisticsDaily.name, name), sql`${statisticsDaily.day} < ${before}::date`));
    return Number(row?.value ?? 0);
  },
};
