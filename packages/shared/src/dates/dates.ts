/**
 * Date field rules (docs/product/dates.md): date inputs show mm/dd/yy, weeks start on Sunday, and a blank
 * required date defaults to the project end date. Dates are calendar dates without a time zone,
 * exchanged as ISO 'YYYY-MM-DD' strings.
 */

/** Default display format of date inputs (docs/product/dates.md). */
export const DATE_INPUT_FORMAT = 'MM/DD/YY';

/** First day of the week in date pickers: 0 = Sunday (docs/product/dates.md). */
export const WEEK_STARTS_ON = 0;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const INPUT_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

/** Whether the year is a leap year of the Gregorian calendar. */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days of a month (1-12) of a year. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether year, month (1-12) and day form a real calendar date. */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Splits an ISO date ('YYYY-MM-DD', or a date-time starting with one) into its parts; null when invalid. */
function isoParts(isoDate: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(isoDate.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

/** Whether the text is a real calendar date in ISO form 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isoParts(value) !== null;
}

/**
 * Formats an ISO date for a date input: '2024-03-07' -> '03/07/24'. The date part of an ISO
 * date-time is used as written (no time-zone shift). Blank or invalid input gives ''.
 */
export function formatDateInput(isoDate: string | null | undefined): string {
  if (typeof isoDate !== 'string') return '';
  const parts = isoParts(isoDate);
  if (!parts) return '';
  return `${pad2(parts.month)}/${pad2(parts.day)}/${pad2(parts.year % 100)}`;
}

/**
 * Parses a date typed as 'mm/dd/yy' into an ISO date 'YYYY-MM-DD'; `null` when the text is not a
 * real calendar date. Month and day may have one or two digits; a two-digit year means 2000-2099,
 * and a four-digit year is taken as written.
 */
export function parseDateInput(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const match = INPUT_DATE.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const yearText = match[3] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (!isRealDate(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/**
 * A blank required date defaults to the project end date (docs/product/dates.md): gives `projectEndDate` when
 * `value` is null, undefined, empty or whitespace only, and `value` otherwise.
 */
export function defaultToProjectEndDate(value: string | null | undefined, projectEndDate: string): string {
  return value === null || value === undefined || value.trim() === '' ? projectEndDate : value;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day and clock time of an instant in a time zone (the runtime's when none is given). */
function zonedParts(instant: Date, timeZone: string | undefined) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

function dayText(year: number, month: number, day: number): string {
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** Options of the display formatters. */
export interface DisplayDateOptions {
  /** IANA time zone of the reader; the runtime's own (the browser's) when left out. */
  timeZone?: string;
}

/**
 * The one way a date is shown: '22 Nov 2026'. A calendar date ('2026-11-22': a project's end date,
 * a gift's chosen day) is shown as written; an instant ('2026-11-22T23:30:00Z': when something
 * happened) is shown as the reader's day in their time zone. Blank or invalid input gives ''.
 * Date inputs keep their own mm/dd/yy format (`formatDateInput`).
 */
export function formatDisplayDate(
  value: string | null | undefined,
  options: DisplayDateOptions = {},
): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  const text = value.trim();
  if (CALENDAR_DATE.test(text)) {
    const parts = isoParts(text);
    return parts ? dayText(parts.year, parts.month, parts.day) : '';
  }
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) return '';
  const { year, month, day } = zonedParts(instant, options.timeZone);
  return dayText(year, month, day);
}

/** An instant with its time, in the reader's time zone: '22 Nov 2026, 14:05'. Invalid input gives ''. */
export function formatDisplayDateTime(
  value: string | null | undefined,
  options: DisplayDateOptions = {},
): string {
  if (typeof value !== 'string' || value.trim() === '' || CALENDAR_DATE.test(value.trim())) {
    return formatDisplayDate(value, options);
  }
  const instant = new Date(value.trim());
  if (Number.isNaN(instant.getTime())) return '';
  const { year, month, day, hour, minute } = zonedParts(instant, options.timeZone);
  return `${dayText(year, month, day)}, ${pad2(hour)}:${pad2(minute)}`;
}
