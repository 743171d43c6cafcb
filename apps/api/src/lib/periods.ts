/** Calendar arithmetic on ISO dates (YYYY-MM-DD) for recurring charges and donations. */

export type Frequency = 1 | 2 | 3 | 4;
export const FREQUENCY = { daily: 1, weekly: 2, monthly: 3, yearly: 4 } as const;

const parse = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return { y: y ?? 1970, m: m ?? 1, d: d ?? 1 };
};
const format = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function addDays(iso: string, days: number): string {
  const { y, m, d } = parse(iso);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The period after `current` for a schedule that started on `start`. Months and years keep the
 * start's day of the month, clamped to shorter months (31 Jan -> 28 Feb -> 31 Mar).
 */
export function nextPeriod(start: string, current: string, frequency: Frequency): string {
  if (frequency === 1) return addDays(current, 1);
  if (frequency === 2) return addDays(current, 7);
  const s = parse(start);
  const c = parse(current);
  const step = frequency === 3 ? 1 : 12;
  const index = (c.y - s.y) * 12 + (c.m - s.m) + step;
  const y = s.y + Math.floor((s.m - 1 + index) / 12);
  const m = ((s.m - 1 + index) % 12) + 1;
  return format(y, m, Math.min(s.d, daysInMonth(y, m)));
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
