import { DATE_INPUT_FORMAT as DATE_FORMAT, parseDateInput as parseTypedDate } from '@kindred/shared';
import { describe, expect, it } from 'vitest';
import { showDate as formatDate } from '@/lib/format';
import { defaultRange } from './dates';

describe('wallet dates', () => {
  it('defaults the history to the last 30 days, today included', () => {
    const range = defaultRange(new Date(2030, 0, 31, 12, 0));
    expect(range).toEqual({ from: '2030-01-02', to: '2030-01-31' });
  });

  it('reads mm/dd/yy (and mm/dd/yyyy) in the inputs, and shows dates as the rest of the app does', () => {
    expect(DATE_FORMAT).toBe('MM/DD/YY');
    expect(parseTypedDate('01/31/2030')).toBe('2030-01-31');
    expect(parseTypedDate('1/5/30')).toBe('2030-01-05');
    expect(parseTypedDate('02/30/2030')).toBeNull();
    expect(formatDate('2030-01-31')).toBe('31 Jan 2030');
  });
});
