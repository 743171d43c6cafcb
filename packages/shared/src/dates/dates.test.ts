import { describe, expect, it } from 'vitest';
import {
  DATE_INPUT_FORMAT,
  defaultToProjectEndDate,
  formatDateInput,
  formatDisplayDate,
  formatDisplayDateTime,
  isIsoDate,
  isRealDate,
  parseDateInput,
  WEEK_STARTS_ON,
} from './dates.js';

describe('constants', () => {
  it('uses mm/dd/yy and weeks starting on Sunday', () => {
    expect(DATE_INPUT_FORMAT).toBe('MM/DD/YY');
    expect(WEEK_STARTS_ON).toBe(0);
  });
});

describe('isRealDate', () => {
  it('knows the length of every month', () => {
    const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    lengths.forEach((length, i) => {
      expect(isRealDate(2023, i + 1, length)).toBe(true);
      expect(isRealDate(2023, i + 1, length + 1)).toBe(false);
    });
  });

  it('applies the Gregorian leap-year rules', () => {
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2023, 2, 29)).toBe(false);
    expect(isRealDate(2000, 2, 29)).toBe(true);
    expect(isRealDate(2100, 2, 29)).toBe(false);
    expect(isRealDate(1900, 2, 29)).toBe(false);
  });

  it('rejects month and day 0 or out of range, and fractions', () => {
    expect(isRealDate(2024, 0, 1)).toBe(false);
    expect(isRealDate(2024, 13, 1)).toBe(false);
    expect(isRealDate(2024, 1, 0)).toBe(false);
    expect(isRealDate(2024, 1.5, 1)).toBe(false);
  });
});

describe('isIsoDate', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-9')).toBe(false);
    expect(isIsoDate('2024-02-01T00:00:00Z')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});

describe('formatDateInput', () => {
  it('formats an ISO date as mm/dd/yy', () => {
    expect(formatDateInput('2024-03-07')).toBe('03/07/24');
    expect(formatDateInput('2031-12-25')).toBe('12/25/31');
    expect(formatDateInput('2000-01-01')).toBe('01/01/00');
    expect(formatDateInput('2024-02-29')).toBe('02/29/24');
  });

  it('puts the month before the day', () => {
    expect(formatDateInput('2024-01-12')).toBe('01/12/24');
  });

  it('uses the date part of a date-time as written', () => {
    expect(formatDateInput('2024-03-07T23:30:00Z')).toBe('03/07/24');
    expect(formatDateInput('2024-03-07T00:30:00+05:30')).toBe('03/07/24');
  });

  it('gives an empty text for blank or invalid input', () => {
    expect(formatDateInput('')).toBe('');
    expect(formatDateInput(null)).toBe('');
    expect(formatDateInput(undefined)).toBe('');
    expect(formatDateInput('2024-02-30')).toBe('');
    expect(formatDateInput('07/03/2024')).toBe('');
    expect(formatDateInput('2024-13-01')).toBe('');
  });
});

describe('parseDateInput', () => {
  it('parses mm/dd/yy into an ISO date', () => {
    expect(parseDateInput('03/07/24')).toBe('2024-03-07');
    expect(parseDateInput('12/25/31')).toBe('2031-12-25');
  });

  it('reads the month first', () => {
    expect(parseDateInput('01/12/24')).toBe('2024-01-12');
    expect(parseDateInput('13/01/24')).toBeNull();
  });

  it('maps two-digit years to 2000-2099', () => {
    expect(parseDateInput('01/01/00')).toBe('2000-01-01');
    expect(parseDateInput('12/31/99')).toBe('2099-12-31');
    expect(parseDateInput('06/15/70')).toBe('2070-06-15');
  });

  it('takes a four-digit year as written', () => {
    expect(parseDateInput('06/15/1985')).toBe('1985-06-15');
    expect(parseDateInput('06/15/2024')).toBe('2024-06-15');
  });

  it('accepts one-digit month and day, and surrounding spaces', () => {
    expect(parseDateInput('3/7/24')).toBe('2024-03-07');
    expect(parseDateInput(' 03/07/24 ')).toBe('2024-03-07');
  });

  it('validates real calendar dates', () => {
    expect(parseDateInput('02/29/24')).toBe('2024-02-29');
    expect(parseDateInput('02/29/23')).toBeNull();
    expect(parseDateInput('02/29/00')).toBe('2000-02-29');
    expect(parseDateInput('04/31/24')).toBeNull();
    expect(parseDateInput('00/10/24')).toBeNull();
    expect(parseDateInput('10/00/24')).toBeNull();
    expect(parseDateInput('10/32/24')).toBeNull();
  });

  it.each([
    '',
    '03-07-24',
    '2024-03-07',
    '03/07/4',
    '03/07/024',
    '003/07/24',
    '03/07',
    'aa/bb/cc',
    '03/07/24x',
  ])('rejects the malformed %j', (text) => {
    expect(parseDateInput(text)).toBeNull();
  });

  it('rejects null and undefined', () => {
    expect(parseDateInput(null)).toBeNull();
    expect(parseDateInput(undefined)).toBeNull();
  });

  it('round-trips with formatDateInput for years 2000-2099', () => {
    for (const iso of ['2000-01-01', '2024-02-29', '2099-12-31', '2042-07-04']) {
      expect(parseDateInput(formatDateInput(iso))).toBe(iso);
    }
  });
});

describe('defaultToProjectEndDate', () => {
  const end = '2025-06-30';

  it.each([null, undefined, '', '   '])('gives the project end date for the blank value %j', (value) => {
    expect(defaultToProjectEndDate(value, end)).toBe(end);
  });

  it('keeps a filled-in value', () => {
    expect(defaultToProjectEndDate('2025-01-15', end)).toBe('2025-01-15');
  });
});

describe('formatDisplayDate', () => {
  it('shows a calendar date as written, whatever the time zone', () => {
    expect(formatDisplayDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDisplayDate('2026-09-01', { timeZone: 'Pacific/Kiritimati' })).toBe('1 Sep 2026');
    expect(formatDisplayDate('2026-01-05', { timeZone: 'America/Los_Angeles' })).toBe('5 Jan 2026');
  });

  it("shows an instant as the reader's day in their time zone", () => {
    const instant = '2026-11-22T23:30:00Z';
    expect(formatDisplayDate(instant, { timeZone: 'Europe/London' })).toBe('22 Nov 2026');
    expect(formatDisplayDate(instant, { timeZone: 'Asia/Kolkata' })).toBe('23 Nov 2026');
    expect(formatDisplayDate('2026-11-22T03:00:00+00:00', { timeZone: 'America/New_York' })).toBe(
      '21 Nov 2026',
    );
  });

  it('gives nothing for blank or invalid input', () => {
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate(undefined)).toBe('');
    expect(formatDisplayDate('  ')).toBe('');
    expect(formatDisplayDate('2026-02-30')).toBe('');
    expect(formatDisplayDate('not a date')).toBe('');
  });
});

describe('formatDisplayDateTime', () => {
  it("adds the 24-hour time in the reader's time zone", () => {
    expect(formatDisplayDateTime('2026-11-22T09:05:00Z', { timeZone: 'Europe/London' })).toBe(
      '22 Nov 2026, 09:05',
    );
    expect(formatDisplayDateTime('2026-07-01T23:59:00Z', { timeZone: 'Europe/London' })).toBe(
      '2 Jul 2026, 00:59',
    );
  });

  it('shows a calendar date without a time', () => {
    expect(formatDisplayDateTime('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDisplayDateTime('nope')).toBe('');
  });
});
