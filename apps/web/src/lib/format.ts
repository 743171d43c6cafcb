import { formatDisplayDate, formatDisplayDateTime } from '@kindred/shared';

/**
 * A date as every screen shows it: '22 Nov 2026' (a calendar date as written, an instant as the
 * reader's day in their time zone), or a dash. Date inputs keep mm/dd/yy (docs/product/dates.md).
 */
export function showDate(value: string | null | undefined): string {
  return formatDisplayDate(value) || '—';
}

/** An instant with its time in the reader's time zone: '22 Nov 2026, 14:05', or a dash. */
export function showDateTime(value: string | null | undefined): string {
  return formatDisplayDateTime(value) || '—';
}

/** '1.2 MB', '830 KB', '12 bytes'. */
export function formatBytes(size: number): string {
  if (size >= 1024 * 1024) return `${(size / (1024 * 1024)).toFixed(1)} MB`;
  if (size >= 1024) return `${Math.round(size / 1024)} KB`;
  return `${size} bytes`;
}

/** 'YYYY-MM' as 'Jan 2030' (the month of the server's calendar, whatever the viewer's zone). */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index) return month;
  return new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, index - 1, 1)),
  );
}
