import dayjs from 'dayjs';

const isoDay = (date: Date) => dayjs(date).format('YYYY-MM-DD');

/**
 * The history's default range: the last 30 days, today included. The API reads dates as UTC days,
 * so the end is the later of today here and today in UTC: a deposit made a moment ago is inside.
 */
export function defaultRange(now = new Date()): { from: string; to: string } {
  const local = isoDay(now);
  const utc = now.toISOString().slice(0, 10);
  const to = utc > local ? utc : local;
  return { from: dayjs(to).subtract(29, 'day').format('YYYY-MM-DD'), to };
}
