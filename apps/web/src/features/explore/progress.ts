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

/** A need counted in hours or gifts: '3 of 10 skilled hours pledged'. */
function pledged(
  kind: number,
  name: string,
  given: number,
  target: number,
  [one, many]: [string, string],
): NeedProgress {
  return {
    kind,
    name,
    given,
    target,
    percent: percentOf(given, target),
    text: `${count.format(given)} of ${count.format(target)} ${plural(target, one, many)} pledged`,
  };
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
    needs.push(
      pledged(
        GIVING_TYPE.volunteering,
        'Volunteering',
        totals.volunteering_pledged,
        totals.volunteering_hours,
        ['volunteering hour', 'volunteering hours'],
      ),
    );
  }
  if (totals.skilled_hours > 0) {
    needs.push(
      pledged(
        GIVING_TYPE.skilledVolunteering,
        'Skilled volunteering',
        totals.skilled_pledged,
        totals.skilled_hours,
        ['skilled hour', 'skilled hours'],
      ),
    );
  }
  if (totals.gifts_needed > 0) {
    needs.push(
      pledged(GIVING_TYPE.gifts, 'Gifts', totals.gifts_pledged, totals.gifts_needed, ['gift', 'gifts']),
    );
  }
  return needs;
}
