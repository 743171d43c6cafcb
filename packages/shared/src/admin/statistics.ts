/**
 * The platform statistics, each with its one written definition
 * (docs/product/platform-admin.md#statistics).
 */
export const STATISTIC_NAMES = [
  'total_statistics',
  'all_cc',
  'all_wallets_money',
  'all_gift_aid',
  'all_money_donated',
  'all_volunteering',
  'all_skilled_volunteering',
  'all_gifts',
  'all_individuals',
  'all_businesses',
  'all_charities',
  'all_live_projects',
  'all_projects',
  'all_subscriptions',
] as const;
export type StatisticName = (typeof STATISTIC_NAMES)[number];

/** What a figure counts: money (minor units), hours, or things. */
export type StatisticUnit = 'money' | 'hours' | 'count';

export interface StatisticInfo {
  label: string;
  unit: StatisticUnit;
  /** One sentence, served with the figure and shown beside it. */
  definition: string;
  /** A balance at the end of the range (and of each month) rather than a sum over it. */
  balance?: boolean;
}

export const STATISTICS: Record<StatisticName, StatisticInfo> = {
  total_statistics: {
    label: 'All donations',
    unit: 'count',
    definition:
      'Donations of every kind (funds, volunteering, skills and gifts) made in the range, leaving out rejected and cancelled ones.',
  },
  all_cc: {
    label: 'Credits given',
    unit: 'money',
    definition:
      'Credits platform admins gave to people and organisations in the range, as recorded in the ledger.',
  },
  all_wallets_money: {
    label: 'Money in wallets',
    unit: 'money',
    balance: true,
    definition:
      'Money held in the wallets of people and organisations at the end of the range (and of each month), as recorded in the ledger.',
  },
  all_gift_aid: {
    label: 'Gift Aid',
    unit: 'money',
    definition:
      'Gift Aid added to funds donations made in the range that were approved or completed, leaving out waiting, rejected and cancelled ones.',
  },
  all_money_donated: {
    label: 'Money donated',
    unit: 'money',
    definition:
      'Money that reached projects and charities from donations in the range, less money returned to donors, as recorded in the ledger.',
  },
  all_volunteering: {
    label: 'Volunteering hours',
    unit: 'hours',
    definition:
      'Volunteering hours offered in donations made in the range, leaving out rejected and cancelled ones.',
  },
  all_skilled_volunteering: {
    label: 'Skilled volunteering hours',
    unit: 'hours',
    definition:
      'Skilled volunteering hours offered in donations made in the range, leaving out rejected and cancelled ones.',
  },
  all_gifts: {
    label: 'Gifts in kind',
    unit: 'count',
    definition:
      'Items given as gifts in kind in donations made in the range, leaving out rejected and cancelled ones.',
  },
  all_individuals: {
    label: 'People',
    unit: 'count',
    definition: 'People who registered in the range and have not deleted their account.',
  },
  all_businesses: {
    label: 'Organisations',
    unit: 'count',
    definition: 'Organisations added in the range that are approved and not deleted.',
  },
  all_charities: {
    label: 'Charities',
    unit: 'count',
    definition: 'Charities added in the range that are approved and not deleted.',
  },
  all_live_projects: {
    label: 'Live projects',
    unit: 'count',
    definition: 'Projects published in the range that are Live now.',
  },
  all_projects: {
    label: 'Projects',
    unit: 'count',
    definition: 'Projects created in the range, whatever their status now.',
  },
  all_subscriptions: {
    label: 'Subscription income',
    unit: 'money',
    definition: 'Subscription fees organisations paid in the range.',
  },
};
