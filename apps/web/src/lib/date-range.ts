/** A range of days, both included, as 'YYYY-MM-DD'. */
export interface DateRange {
  from: string;
  to: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The last twelve months, this one included: from the first day of the month eleven months ago to
 * today (UTC days, as the API reads them). The default of reports over time.
 */
export function lastTwelveMonths(now = new Date()): DateRange {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: isoDay(from), to: isoDay(now) };
}
