import { DATE_INPUT_FORMAT, parseDateInput } from '@kindred/shared';
import dayjs from 'dayjs';
import { showDate, showDateTime } from '@/lib/format';

/** Date inputs show mm/dd/yy (docs/product/dates.md) (typing a four-digit year works too). */
export const DATE_FORMAT = DATE_INPUT_FORMAT;

/** Reads a typed date (mm/dd/yyyy or mm/dd/yy) for Mantine's DateInput. */
export function parseTypedDate(text: string): string | null {
  return parseDateInput(text);
}

const isoDay = (date: Date) => dayjs(date).format('YYYY-MM-DD');

/** Today as 'YYYY-MM-DD' in the person's time zone. */
export function todayIso(now = new Date()): string {
  return isoDay(now);
}

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

/** '2030-01-31' -> '31 Jan 2030' (the app's one date display). */
export function formatDate(isoDate: string): string {
  return showDate(isoDate);
}

/** An ISO date-time in the person's time zone: '31 Jan 2030, 14:05'. */
export function formatDateTime(isoDateTime: string): string {
  return showDateTime(isoDateTime);
}
