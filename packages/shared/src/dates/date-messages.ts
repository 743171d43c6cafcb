import { formatDisplayDate } from './dates.js';

// The date fields' refusals, apart from dates.ts: the public pages load dates.ts with the first page,
// and only forms say these.

/**
 * The refusal of a day outside the days a field takes (ISO dates; null: no bound), in the one
 * date display: 'Choose a date between 28 Nov 2026 and 31 Dec 2026.'
 */
export function dateRangeMessage(earliest: string | null, latest: string | null): string {
  if (earliest && latest)
    return `Choose a date between ${formatDisplayDate(earliest)} and ${formatDisplayDate(latest)}.`;
  if (earliest) return `Choose a date on or after ${formatDisplayDate(earliest)}.`;
  if (latest) return `Choose a date on or before ${formatDisplayDate(latest)}.`;
  return 'Choose a date.';
}

/** What a date field answers for text that is not a real date. */
export const DATE_TYPED_MESSAGE = 'Enter a real date as mm/dd/yy, for example 01/31/27.';
