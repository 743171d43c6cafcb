import { formatDisplayDate } from '@kindred/shared';

/** '2027-01-21' -> '21 Jan 2027' (a calendar date, no time-zone shift); '' when not a date. */
export function formatDay(isoDate: string | null | undefined): string {
  return formatDisplayDate(isoDate);
}

/** 3.24 -> '3.2 km away'. */
export function formatDistance(km: number | null | undefined): string {
  if (km === null || km === undefined) return '';
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km away`;
}
