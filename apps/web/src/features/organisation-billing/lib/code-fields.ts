import { parseWholeNumber } from '@kindred/shared';

/**
 * A discount code's expiry and maximum of uses as the add and edit forms enter them: the expiry as
 * a day of the date input (YYYY-MM-DD), meaning the end of that day where the admin is, so that
 * the table, which shows dates in the reader's time zone, shows the same day; the maximum as a
 * whole number; empty is none.
 */

/** The chosen day as the API's expiry (the last second of that day, local time); empty: never. */
export function expiresAtOf(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59).toISOString();
}

/** A code's expiry as the date input shows it: its day where the admin is, or empty when it never expires. */
export function expiryDayOf(expiresAt: string | null): string {
  if (!expiresAt) return '';
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The typed maximum of uses; an empty field: no maximum; NaN for what is not a whole number. */
export function maxUsesOf(value: string | number): number | null {
  return String(value).trim() === '' ? null : (parseWholeNumber(value) ?? Number.NaN);
}
