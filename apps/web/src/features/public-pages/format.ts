import { formatDisplayDate } from '@kindred/shared';

/** A calendar date '2027-01-21' -> '21 Jan 2027' (no time-zone shift); '' when not a date. */
export function formatDay(isoDate: string | null | undefined): string {
  return formatDisplayDate(isoDate);
}

/** An instant (ISO date-time) as the visitor's local date: '21 Jan 2027'. */
export function formatWhen(isoDateTime: string): string {
  return formatDisplayDate(isoDateTime);
}

/** 1536 -> '1.5 KB', 2_500_000 -> '2.4 MB'. */
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

const DOCUMENT_KINDS: Array<[RegExp, string]> = [
  [/pdf/, 'PDF'],
  [/wordprocessingml|msword/, 'Word'],
  [/presentationml|powerpoint/, 'PowerPoint'],
  [/spreadsheetml|excel/, 'Excel'],
  [/^text\/csv/, 'CSV'],
  [/^text\//, 'Text'],
];

/** 'application/pdf' -> 'PDF'. */
export function documentKind(mime: string): string {
  return DOCUMENT_KINDS.find(([pattern]) => pattern.test(mime))?.[1] ?? 'File';
}

/** '61 days left', '1 day left', 'Ends today', or '' when there is no end date. */
export function daysLeftText(daysLeft: number | null | undefined): string {
  if (daysLeft === null || daysLeft === undefined) return '';
  if (daysLeft < 0) return 'Ended';
  if (daysLeft === 0) return 'Ends today';
  return daysLeft === 1 ? '1 day left' : `${daysLeft} days left`;
}
