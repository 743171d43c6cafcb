import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { donationsRepository } from './donations.repository.js';

/** What was given, in sums and by month: a charity's receipts and a donor's giving. */
type MonthTotals = Awaited<ReturnType<typeof donationsRepository.totals>>;

/** A charity's and a donor's statistics show their months alike. */
const byMonth = (months: MonthTotals) =>
  months.map((m) => ({
    month: m.month,
    funds: m.funds,
    gift_aid: m.giftAid,
    hours: m.volunteering + m.skilled,
    gifts: m.gifts,
  }));

export function donationStatisticsService(ctx: AppContext) {
  const db = () => ctx.database.db;
  return {
    async charityStatistics(auth: AuthUser | null, charityId: number) {
      await ctx.access.require(auth, Permission.CharityDonationsRead, [charityId]);
      const [months, reach] = await Promise.all([
        donationsRepository.totals(db(), { charityId }),
        donationsRepository.reach(db(), { charityId }),
      ]);
      const sum = (key: keyof (typeof months)[number]) =>
        months.reduce((total, m) => total + (typeof m[key] === 'number' ? (m[key] as number) : 0), 0);
      return {
        funds_received: sum('funds'),
        gift_aid: sum('giftAid'),
        volunteering_hours: sum('volunteering'),
        skilled_hours: sum('skilled'),
        gifts_count: sum('gifts'),
        donors: reach.donors,
        awaiting_approval: reach.waiting,
        by_month: byMonth(months),
      };
    },

    async donorStatistics(auth: AuthUser | null) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const donor = { type: 'user' as const, id: user.id };
      const [months, reach] = await Promise.all([
        donationsRepository.totals(db(), { donor }),
        donationsRepository.reach(db(), { donor }),
      ]);
      const sum = (pick: (m: (typeof months)[number]) => number) => months.reduce((t, m) => t + pick(m), 0);
      return {
        funds_given: sum((m) => m.funds),
        gift_aid_added: sum((m) => m.giftAid),
        volunteering_hours: sum((m) => m.volunteering),
        skilled_hours: sum((m) => m.skilled),
        gifts_count: sum((m) => m.gifts),
        gifts_value: sum((m) => m.giftsValue),
        projects_supported: reach.projects,
        charities_supported: reach.charities,
        by_month: byMonth(months),
      };
    },
  };
}
export type DonationStatisticsService = ReturnType<typeof donationStatisticsService>;
