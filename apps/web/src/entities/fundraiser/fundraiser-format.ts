import { type FundraiserCard, formatDisplayDate, formatMoney, type PictureKind } from '@kindred/shared';

const DAY_MS = 86_400_000;

/** The days from `today` to `date` (both 'YYYY-MM-DD'): 0 on the day itself, negative after it. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/**
 * How long a page still takes gifts (its end date is the last day, docs/product/fundraising-pages.md):
 * '12 days left', '1 day left', 'Last day today', or 'Ended' (with the day it ended).
 */
export function timeLeftText(page: Pick<FundraiserCard, 'end_date' | 'ended'>, today: string): string {
  const days = daysUntil(page.end_date, today);
  if (page.ended || days < 0) return `Ended ${formatDisplayDate(page.end_date)}`;
  if (days === 0) return 'Last day today';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** Whether a page has ended by its flag or its date (the page may have been read yesterday). */
export const hasEnded = (page: Pick<FundraiserCard, 'end_date' | 'ended'>, today: string) =>
  page.ended || daysUntil(page.end_date, today) < 0;

/** How much of its target a page raised, 0 to 100 (past the target, the bar is full). */
export function percentRaised(raised: number, target: number): number {
  if (target <= 0) return raised > 0 ? 100 : 0;
  return Math.min(100, Math.floor((raised / target) * 100));
}

/** '₹3,000 of ₹10,000 raised' (as a project's funds bar says it). */
export const raisedText = (raised: number, target: number) =>
  `${formatMoney(raised)} of ${formatMoney(target)} raised`;

/** '1 gift', '12 gifts' */
export const giftsText = (gifts: number) =>
  gifts === 1 ? '1 gift' : `${gifts.toLocaleString('en-GB')} gifts`;

/**
 * The picture a page shows: its own, else its cause's (the project's cover, a gallery picture, or
 * the charity's logo), or null.
 */
export function pictureOf(
  page: Pick<FundraiserCard, 'picture' | 'cause_picture' | 'project'>,
): { src: string; kind: PictureKind } | null {
  if (page.picture) return { src: page.picture, kind: 'gallery' };
  if (page.cause_picture) return { src: page.cause_picture, kind: page.project ? 'gallery' : 'logo' };
  return null;
}

/** What the page raises money for: the project's title, or the charity's name. */
export const causeName = (page: Pick<FundraiserCard, 'project' | 'charity'>) =>
  page.project?.name ?? page.charity.name;

/** Where a page lives. */
export const fundraiserPath = (id: number) => `/fundraisers/${id}`;

/** Where its cause lives: the project's public page, or the charity's. */
export const causePath = (page: Pick<FundraiserCard, 'project' | 'charity'>) =>
  page.project ? `/projects/${page.project.id}` : `/charities/${page.charity.id}`;
