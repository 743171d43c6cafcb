import {
  STATISTIC_NAMES,
  STATISTICS,
  type Statistic,
  type StatisticName,
  type StatisticQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { charitiesQueries } from '../charities/index.js';
import { donationsQueries } from '../donations/index.js';
import { ledgerQueries } from '../ledger/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import { adminRepository, type DailyValue } from './admin.repository.js';

/** How old the precomputed statistics may be before the scheduler computes them again. */
export const STATISTICS_MAX_AGE_MS = 10 * 60 * 1000;

type Daily = { day: string; value: number }[];

/** Every figure's daily values, read through the owners' query functions (decision 010). */
async function computeDaily(reads: Executor, currency: string): Promise<DailyValue[]> {
  const [donations, donated, wallets, credits, people, businesses, charities, live, projects, subscriptions] =
    await Promise.all([
      donationsQueries.daily(reads),
      ledgerQueries.totals.dailyDonated(reads, currency),
      ledgerQueries.totals.dailyWallets(reads, currency),
      ledgerQueries.totals.dailyCreditsIssued(reads, currency),
      usersQueries.dailyRegistrations(reads),
      organisationsQueries.dailyApproved(reads),
      charitiesQueries.dailyApproved(reads),
      projectsQueries.dailyLive(reads),
      projectsQueries.dailyCreated(reads),
      ledgerQueries.totals.dailySubscriptionFees(reads, currency),
    ]);
  const of = (name: StatisticName, rows: Daily) =>
    rows.filter((row) => row.value !== 0).map((row) => ({ name, day: row.day, value: row.value }));
  const pick = (key: 'count' | 'giftAid' | 'volunteering' | 'skilled' | 'gifts') =>
    donations.map((row) => ({ day: row.day, value: row[key] }));
  return [
    ...of('total_statistics', pick('count')),
    ...of('all_gift_aid', pick('giftAid')),
    ...of('all_volunteering', pick('volunteering')),
    ...of('all_skilled_volunteering', pick('skilled')),
    ...of('all_gifts', pick('gifts')),
    ...of('all_money_donated', donated),
    ...of('all_wallets_money', wallets),
    ...of('all_cc', credits),
    ...of('all_individuals', people),
    ...of('all_businesses', businesses),
    ...of('all_charities', charities),
    ...of('all_live_projects', live),
    ...of('all_projects', projects),
    ...of('all_subscriptions', subscriptions),
  ];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The months from one day's month to another's, as YYYY-MM. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (let guard = 0; guard < 1200; guard += 1) {
    const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= end) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * The platform statistics (docs/product/platform-admin.md#statistics): precomputed by day, answered
 * for any range.
 */
export function statisticsService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const reads = () => ctx.database.reads;

  /** Computes every figure again from the owners' data and stamps when. */
  async function refresh(): Promise<Date> {
    const values = await computeDaily(reads(), ctx.config.currency);
    const now = ctx.now();
    await db().transaction((tx) => adminRepository.replaceStatistics(tx, values, now));
    return now;
  }

  async function computedAt(): Promise<Date> {
    return (await adminRepository.lastRun(db())) ?? (await refresh());
  }

  async function figure(name: StatisticName, from: string, to: string, at: Date): Promise<Statistic> {
    const info = STATISTICS[name];
    const rows = await adminRepository.monthly(reads(), name, from, to);
    const byMonth = new Map(rows.map((row) => [row.month, row.value]));
    const months = monthsBetween(from, to);
    let value: number;
    let series: { month: string; value: number }[];
    if (info.balance) {
      let running = await adminRepository.sumBefore(reads(), name, from);
      series = months.map((month) => {
        running += byMonth.get(month) ?? 0;
        return { month, value: running };
      });
      value = running;
    } else {
      series = months.map((month) => ({ month, value: byMonth.get(month) ?? 0 }));
      value = series.reduce((sum, point) => sum + point.value, 0);
    }
    return {
      name,
      label: info.label,
      unit: info.unit,
      definition: info.definition,
      from,
      to,
      value,
      series,
      computed_at: at.toISOString(),
    };
  }

  return {
    refresh,

    /** The scheduler's job: computes the figures again when they are older than the limit. */
    async refreshIfStale(): Promise<boolean> {
      const last = await adminRepository.lastRun(db());
      if (last && ctx.now().getTime() - last.getTime() < STATISTICS_MAX_AGE_MS) return false;
      await refresh();
      return true;
    },

    /** GET /admin/statistics/{name}: the figure for the range (the last 12 months by default). */
    async get(auth: AuthUser | null, name: StatisticName, query: StatisticQuery): Promise<Statistic> {
      await ctx.access.require(auth, Permission.PlatformRead);
      const today = isoDay(ctx.now());
      const to = query.to ?? today;
      const from =
        query.from ??
        (() => {
          const d = new Date(`${to}T00:00:00Z`);
          d.setUTCMonth(d.getUTCMonth() - 11, 1);
          return isoDay(d);
        })();
      if (from > to)
        throw badRequest('The start must be on or before the end.', { from: 'On or before the end.' });
      const at = await computedAt();
      const main = await figure(name, from, to, at);
      if (name !== 'total_statistics') return main;
      const parts = await Promise.all(
        STATISTIC_NAMES.filter((other) => other !== 'total_statistics').map(async (other) => {
          const part = await figure(other, from, to, at);
          return { name: other, label: part.label, unit: part.unit, value: part.value };
        }),
      );
      return { ...main, parts };
    },
  };
}
export type StatisticsService = ReturnType<typeof statisticsService>;
