import { describe, expect, it } from 'vitest';
import { addDays, nextPeriod } from './periods.js';

describe('periods', () => {
  it('steps days and weeks across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(nextPeriod('2026-12-28', '2026-12-28', 2)).toBe('2027-01-04');
    expect(nextPeriod('2024-02-28', '2024-02-28', 1)).toBe('2024-02-29');
  });

  it('keeps the day of the month, clamped to short months', () => {
    expect(nextPeriod('2026-01-31', '2026-01-31', 3)).toBe('2026-02-28');
    expect(nextPeriod('2026-01-31', '2026-02-28', 3)).toBe('2026-03-31');
    expect(nextPeriod('2026-01-31', '2026-03-31', 3)).toBe('2026-04-30');
    expect(nextPeriod('2026-11-15', '2026-12-15', 3)).toBe('2027-01-15');
  });

  it('steps years, with 29 February falling back to the 28th', () => {
    expect(nextPeriod('2024-02-29', '2024-02-29', 4)).toBe('2025-02-28');
    expect(nextPeriod('2024-02-29', '2027-02-28', 4)).toBe('2028-02-29');
  });
});
