import {
  type BusinessReportDonation,
  GIVING_TYPES,
  labelOf,
  type ReportGroup,
  type ReportPageQuery,
  type ReportQuery,
  TRANSACTION_STATUS,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { csvMoney, toCsv } from '../../lib/csv.js';
import { AppError, notFound } from '../../lib/errors.js';
import { decodeCursor, timedPage } from '../../lib/pagination.js';
import { charitiesQueries } from '../charities/index.js';
import {
  type DonationRow,
  type DonationWhere,
  donationsQueries,
  type GiftRecorder,
  subscriptionsQueries,
  subscriptionsWrites,
} from '../donations/index.js';
import { hierarchyQueries, organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';

const KIND_HOURS = [3, 4];
/** The most donations one CSV export holds. */
const CSV_MAX_ROWS = 10_000;

/**
 * An organisation's reports (issue 10, decision 024): what it gave, its employees' volunteering,
 * by month, kind, charity and project, its recurring and future donations. Totals include the
 * sub-businesses the caller may see, and say which.
 */
export function businessReportsService(ctx: AppContext, donations: GiftRecorder) {
  const db = () => ctx.database.db;

  /** The organisations a report counts: the one asked about and, unless told not to, its visible sub-businesses. */
  async function scopeOf(auth: AuthUser | null, businessId: number, include: boolean) {
    await ctx.access.require(auth, Permission.BusinessReportsRead, [businessId]);
    const business = await organisationsQueries.business(db(), businessId);
    if (!business || business.deletedAt) throw notFound('The organisation');
    let shown = [{ id: business.id, name: business.name }];
    if (include) {
      const subtree = (await hierarchyQueries.subtree(db(), businessId)).filter(
        (row) => row.id !== businessId,
      );
      // A Super Admin of the parent sees every sub-business under it; others those they administer.
      const all = await ctx.access.can(auth, Permission.BusinessHierarchyManage, businessId);
      const visible = all
        ? new Set(subtree.map((row) => row.id))
        : await ctx.access.allowed(
            auth,
            Permission.BusinessReportsRead,
            subtree.map((row) => row.id),
          );
      shown = [
        ...shown,
        ...subtree.filter((row) => visible.has(row.id)).map((r) => ({ id: r.id, name: r.name })),
      ];
    }
    const ids = shown.map((b) => b.id);
    return {
      ids,
      scope: { business_id: businessId, includes_sub_businesses: ids.length > 1, businesses: shown },
    };
  }

  /** Where a page of a list kept newest first by (time, id) starts. */
  const keyset = (query: ReportPageQuery) => ({
    limit: query.limit,
    cursor: decodeCursor(query.cursor, ['time', 'id']),
    before: query.direction === 'before',
  });

  const dates = (query: ReportQuery): DonationWhere => ({
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  });

  async function presentRows(rows: DonationRow[]): Promise<BusinessReportDonation[]> {
    const presented = await donations.present(rows);
    return presented.map((donation, index) => ({ ...donation, match_of_id: rows[index]?.matchOf ?? null }));
  }

  async function donationPage(
    auth: AuthUser | null,
    businessId: number,
    query: ReportPageQuery,
    where: (ids: number[]) => Promise<DonationWhere> | DonationWhere,
  ) {
    const { ids, scope } = await scopeOf(auth, businessId, query.include_sub_businesses);
    const filter = { ...(await where(ids)), ...dates(query) };
    const rows = await donationsQueries.list(db(), filter, keyset(query));
    const page = timedPage(rows, query, (row) => row.donation);
    return { ...scope, ...page, items: await presentRows(page.items) };
  }

  async function groups(
    auth: AuthUser | null,
    businessId: number,
    query: ReportQuery,
    by: 'charity' | 'project',
  ) {
    const { ids, scope } = await scopeOf(auth, businessId, query.include_sub_businesses);
    const rows = await donationsQueries.groups(
      db(),
      { donors: { type: 'business', ids }, ...dates(query) },
      by,
    );
    const [charities, projects] = await Promise.all([
      charitiesQueries.names(
        db(),
        rows.map((row) => row.charityId),
      ),
      by === 'project'
        ? projectsQueries.titles(
            db(),
            rows.map((row) => row.id),
          )
        : Promise.resolve(new Map<number, string>()),
    ]);
    const items: ReportGroup[] = rows.map((row) => {
      const charity = charities.get(row.charityId);
      return {
        id: row.id,
        name: by === 'project' ? (projects.get(row.id) ?? '') : (charity?.name ?? ''),
        charity: by === 'project' && charity ? { id: charity.id, name: charity.name } : null,
        funds: row.funds,
        hours: row.hours,
        gifts: row.gifts,
        count: row.count,
      };
    });
    return { ...scope, items };
  }

  async function subscriptionsPresent(
    rows: Awaited<ReturnType<typeof subscriptionsQueries.runningOfBusinesses>>,
  ) {
    const [charities, projects] = await Promise.all([
      charitiesQueries.names(
        db(),
        rows.map((row) => row.charityId),
      ),
      projectsQueries.titles(
        db(),
        rows.map((row) => row.projectId).filter((id): id is number => id !== null),
      ),
    ]);
    return rows.map((row) => ({
      id: row.id,
      business_id: row.donorId,
      amount: row.amount,
      frequency: row.frequency,
      status: row.status,
      start_date: row.startDate,
      next_date: row.status === 'cancelled' ? null : row.nextDate,
      project: row.projectId ? { id: row.projectId, title: projects.get(row.projectId) ?? '' } : null,
      charity: { id: row.charityId, name: charities.get(row.charityId)?.name ?? '' },
      created_at: row.createdAt.toISOString(),
    }));
  }

  return {
    /** GET /business/total_statistics/{id} */
    async totalStatistics(auth: AuthUser | null, businessId: number, query: ReportQuery) {
      const { ids, scope } = await scopeOf(auth, businessId, query.include_sub_businesses);
      const own: DonationWhere = { donors: { type: 'business', ids }, ...dates(query) };
      const employees = await hierarchyQueries.memberIds(db(), ids);
      const staff: DonationWhere = {
        donors: { type: 'user', ids: employees },
        types: KIND_HOURS,
        ...dates(query),
      };
      const [months, staffMonths, reach, types, staffTypes, counts, staffReach] = await Promise.all([
        donationsQueries.totals(db(), own),
        donationsQueries.totals(db(), staff),
        donationsQueries.reach(db(), own),
        donationsQueries.byType(db(), own),
        donationsQueries.byType(db(), staff),
        donationsQueries.statusCounts(db(), own),
        donationsQueries.reach(db(), staff),
      ]);
      const byMonth = new Map<string, { month: string; funds: number; hours: number; gifts: number }>();
      const monthOf = (month: string) => {
        const entry = byMonth.get(month) ?? { month, funds: 0, hours: 0, gifts: 0 };
        byMonth.set(month, entry);
        return entry;
      };
      for (const m of months) {
        const entry = monthOf(m.month);
        entry.funds += m.funds;
        entry.hours += m.volunteering + m.skilled;
        entry.gifts += m.gifts;
      }
      for (const m of staffMonths) monthOf(m.month).hours += m.volunteering + m.skilled;
      const byType = new Map<number, { type: number; count: number; amount: number; hours: number }>();
      for (const t of [...types, ...staffTypes]) {
        const entry = byType.get(t.type) ?? { type: t.type, count: 0, amount: 0, hours: 0 };
        entry.count += t.count;
        entry.amount += t.amount;
        entry.hours += t.hours;
        byType.set(t.type, entry);
      }
      const sum = (list: typeof months, pick: (m: (typeof months)[number]) => number) =>
        list.reduce((total, m) => total + pick(m), 0);
      return {
        ...scope,
        funds_given: sum(months, (m) => m.funds),
        matched_funds: counts.matched,
        awaiting_signoff: counts.waiting,
        rejected_count: counts.rejected,
        gifts_count: sum(months, (m) => m.gifts),
        gifts_value: sum(months, (m) => m.giftsValue),
        volunteering_hours: sum(months, (m) => m.volunteering) + sum(staffMonths, (m) => m.volunteering),
        skilled_hours: sum(months, (m) => m.skilled) + sum(staffMonths, (m) => m.skilled),
        employees_giving: staffReach.donors,
        charities_supported: reach.charities,
        projects_supported: reach.projects,
        by_month: [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)),
        by_type: [...byType.values()].sort((a, b) => a.type - b.type),
      };
    },

    /** GET /business/donations/{id}: every donation on behalf of the organisation, newest first. */
    donations: (auth: AuthUser | null, businessId: number, query: ReportPageQuery) =>
      donationPage(auth, businessId, query, (ids) => ({ donors: { type: 'business', ids } })),

    /** GET /business/donations_csv/{id}: the donations of the report as CSV (csv-stringify), newest first. */
    async donationsCsv(auth: AuthUser | null, businessId: number, query: ReportQuery) {
      const { ids, scope } = await scopeOf(auth, businessId, query.include_sub_businesses);
      const rows = await donationsQueries.list(
        db(),
        { donors: { type: 'business', ids }, ...dates(query) },
        { limit: CSV_MAX_ROWS - 1, before: false },
      );
      const donations = await presentRows(rows.map((row) => row.donation));
      const body = toCsv({
        columns: [
          'date',
          'organisation',
          'kind',
          'charity',
          'project',
          'amount',
          'hours',
          'quantity',
          'status',
          'requested_by',
          'match_of',
        ],
        rows: donations.map((d) => ({
          date: d.created_at.slice(0, 10),
          organisation: d.donor.name,
          kind: labelOf(GIVING_TYPES, d.type) ?? '',
          charity: d.charity.name,
          project: d.project?.title ?? '',
          amount: d.amount === null ? '' : csvMoney(d.amount),
          hours: d.confirmed_hours ?? d.hours ?? '',
          quantity: d.quantity ?? '',
          status: d.status_label,
          requested_by: d.history[0]?.by?.name ?? '',
          match_of: d.match_of_id ?? '',
        })),
      });
      const name = scope.businesses[0]?.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase() ?? 'organisation';
      return { body, filename: `kindred-${name}-donations.csv` };
    },

    /** GET /business/donations_by_type/{id}/{type} */
    byType: (auth: AuthUser | null, businessId: number, type: number, query: ReportPageQuery) =>
      donationPage(auth, businessId, query, (ids) => ({ donors: { type: 'business', ids }, types: [type] })),

    /** GET /business/volunteering/{id}/{type}: the employees' own volunteering (3) or skilled volunteering (4). */
    volunteering: (auth: AuthUser | null, businessId: number, type: number, query: ReportPageQuery) =>
      donationPage(auth, businessId, query, async (ids) => ({
        donors: { type: 'user', ids: await hierarchyQueries.memberIds(db(), ids) },
        types: [type],
      })),

    /** GET /business/rejected_donations/{id} */
    rejected: (auth: AuthUser | null, businessId: number, query: ReportPageQuery) =>
      donationPage(auth, businessId, query, (ids) => ({
        donors: { type: 'business', ids },
        statuses: [TRANSACTION_STATUS.canceled],
      })),

    /** GET /business/donations_by_charity/{id} */
    byCharity: (auth: AuthUser | null, businessId: number, query: ReportQuery) =>
      groups(auth, businessId, query, 'charity'),

    /** GET /business/donations_by_project/{id} */
    byProject: (auth: AuthUser | null, businessId: number, query: ReportQuery) =>
      groups(auth, businessId, query, 'project'),

    /** GET /business/future_donations/{id}: the next occurrence of each running recurring donation. */
    async future(auth: AuthUser | null, businessId: number, query: ReportQuery) {
      const { ids, scope } = await scopeOf(auth, businessId, query.include_sub_businesses);
      const rows = await subscriptionsQueries.runningOfBusinesses(db(), ids);
      const presented = await subscriptionsPresent(rows);
      return {
        ...scope,
        items: presented
          .filter((s) => s.next_date !== null)
          .map((s) => ({
            subscription_id: s.id,
            business_id: s.business_id,
            date: s.next_date as string,
            amount: s.amount,
            project: s.project,
            charity: s.charity,
          })),
      };
    },

    /** GET /business/{id}/donation_subscriptions: the organisation's recurring donations, newest first. */
    async subscriptions(auth: AuthUser | null, businessId: number, query: ReportPageQuery) {
      const { ids } = await scopeOf(auth, businessId, query.include_sub_businesses);
      const rows = await subscriptionsQueries.ofBusinesses(db(), ids, keyset(query));
      const page = timedPage(rows, query, (row) => row.subscription);
      return { ...page, items: await subscriptionsPresent(page.items) };
    },

    /** POST /business/{id}/cancel_donation_subscription/{subId}: no more periods are created. */
    async cancelSubscription(auth: AuthUser | null, businessId: number, subscriptionId: number) {
      await ctx.access.require(auth, Permission.BusinessWalletManage, [businessId]);
      const row = await subscriptionsQueries.find(db(), subscriptionId);
      if (row?.donorType !== 'business' || row.donorId !== businessId) throw notFound('The subscription');
      if (row.status === 'cancelled')
        throw new AppError(409, 'SUBSCRIPTION_CANCELLED', 'This donation was cancelled already.');
      const updated = await subscriptionsWrites.cancel(db(), subscriptionId, ctx.now());
      if (!updated) throw notFound('The subscription');
      const [presented] = await subscriptionsPresent([updated]);
      if (!presented) throw notFound('The subscription');
      return { subscription: presented };
    },
  };
}
export type BusinessReportsService = ReturnType<typeof businessReportsService>;
