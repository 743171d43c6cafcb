/**
 * A discount code's expiry and maximum of uses as the add and edit forms enter them: the expiry as
 * a day (YYYY-MM-DD, the end of that day in UTC), the maximum as a whole number; empty is none.
 */

/** The typed day as the API's expiry; an empty field: the code never expires. */
export function expiresAtOf(day: string): string | null {
  return day ? `${day}T23:59:59Z` : null;
}

/** A code's expiry as the field shows it: its day in UTC, or empty when it never expires. */
export function expiryDayOf(expiresAt: string | null): string {
  if (!expiresAt) return '';
  const date = new Date(expiresAt);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** The typed maximum of uses; an empty field: no maximum. */
export function maxUsesOf(value: string | number): number | null {
  return value === '' ? null : Number(value);
}
