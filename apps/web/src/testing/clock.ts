import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Each test of the calling block sees `now` as today (only Date is faked: timers still run), and
 * the real clock is back after it.
 */
export function todayIsForEachTest(now: Date | string | number) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
