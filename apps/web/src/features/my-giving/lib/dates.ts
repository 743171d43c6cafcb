import { showDate, showDateTime } from '@/lib/format';

/** A timestamp's day in the reader's time zone: '5 Jan 2030'. */
export function dayOf(timestamp: string | null | undefined): string {
  return showDate(timestamp);
}

/** A timestamp with its time, for a donation's history: '5 Jan 2030, 14:32'. */
export function whenOf(timestamp: string): string {
  return showDateTime(timestamp);
}

/** Today as YYYY-MM-DD (the browser's calendar day). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The first day of the year that `iso` falls in. */
export function startOfYear(iso: string): string {
  return `${iso.slice(0, 4)}-01-01`;
}

/** 'Jan 2030' for '2030-01'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
