import { DEFAULT_CURRENCY, formatMoney, GIVING_TYPE } from '@kindred/shared';

/**
 * What a project needs and what has been given or pledged so far. Both a project card
 * (GET /explore/project/list) and a project summary (GET /project/{id}/summary) have this shape.
 */
export interface NeedTotals {
  funds_target: number | null;
  funds_raised: number;
  volunteering_hours: number | null;
  volunteering_pledged: number;
  skilled_hours: number;
  skilled_pledged: number;
  gifts_needed: number;
  gifts_pledged: number;
}

export interface NeedProgress {
  /** The giving kind (GIVING_TYPES): 2 funds, 3 volunteering, 4 skilled volunteering, 5 gifts. */
  kind: number;
  /** The need's name: 'Funds', 'Volunteering', ... */
  name: string;
  given: number;
  target: number;
  /** 0 to 100, rounded down (a need shows 100 only when it is met). */
  percent: number;
  /** What the bar says, e.g. '₹3,000 of ₹10,000 raised'. */
  text: string;
}

const count = new Intl.NumberFormat('en-GB');

function plural(n: number, one: string, many: string) {
  return n === 1 ? one : many;
}

export function percentOf(given: number, target: number): number {
  if (target <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((given / target) * 100)));
}

/** The needs a project has (those with a target), in a fixed order, with their progress text. */
export function needsProgress(totals: NeedTotals, currency: string = DEFAULT_CURRENCY): NeedProgress[] {
  const needs: NeedProgress[] = [];
  if (totals.funds_target && totals.funds_target > 0) {
    needs.push({
      kind: GIVING_TYPE.funds,
      name: 'Funds',
      given: totals.funds_raised,
      target: totals.funds_target,
      percent: percentOf(totals.funds_raised, totals.funds_target),
      text: `${formatMoney(totals.funds_raised, currency)} of ${formatMoney(totals.funds_target, currency)} raised`,
    });
  }
  if (totals.volunteering_hours && totals.volunteering_hours > 0) {
    needs.push({
      kind: GIVING_TYPE.volunteering,
      name: 'Volunteering',
      given: totals.volunteering_pledged,
      target: totals.volunteering_hours,
      percent: percentOf(totals.volunteering_pledged, totals.volunteering_hours),
      text: `${count.format(totals.volunteering_pledged)} of ${count.format(totals.volunteering_hours)} volunteering ${plural(totals.volunteering_hours, 'hour', 'hours')} pledged`,
    });
  }
  if (totals.skilled_hours > 0) {
    needs.push({
      kind: GIVING_TYPE.skilledVolunteering,
      name: 'Skilled volunteering',
      given: totals.skilled_pledged,
      target: totals.skilled_hours,
      percent: percentOf(totals.skilled_pledged, totals.skilled_hours),
      text: `${count.format(totals.skilled_pledged)} of ${count.format(totals.skilled_hours)} skilled ${plural(totals.skilled_hours, 'hour', 'hours')} pledged`,
    });
  }
  if (totals.gifts_needed > 0) {
    needs.push({
      kind: GIVING_TYPE.gifts,
      name: 'Gifts',
      given: totals.gifts_pledged,
      target: totals.gifts_needed,
      percent: percentOf(totals.gifts_pledged, totals.gifts_needed),
      text: `${count.format(totals.gifts_pledged)} of ${count.format(totals.gifts_needed)} ${plural(totals.gifts_needed, 'gift', 'gifts')} pledged`,
    });
  }
  return needs;
}
