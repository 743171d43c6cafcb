import { formatDisplayDate, formatDisplayDateTime } from '@kindred/shared';

/*
 * The web's one date module (docs/product/dates.md): every screen shows a date as '22 Nov 2026'
 * through these, or shared's formatDisplayDate where an empty value shows nothing; date fields use
 * shared's DATE_INPUT_FORMAT and parseDateInput.
 */

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

/** Today as 'YYYY-MM-DD': the calendar day in the person's own time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A file's size: 12 -> '12 bytes', 1536 -> '1.5 KB', 2_500_000 -> '2.4 MB', 300_000 -> '293 KB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** 'YYYY-MM' as 'Jan 2030' (the month of the server's calendar, whatever the viewer's zone). */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index) return month;
  return new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, index - 1, 1)),
  );
}
