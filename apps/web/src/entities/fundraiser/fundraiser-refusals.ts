import { isApiError } from '@/lib/api-client';

/**
 * What a refused gift through a fundraising page says when the page no longer takes gifts
 * (docs/product/fundraising-pages.md#giving-through-a-page): it ended, or the charity hid it. The
 * cause still takes gifts on its own page. Null for any other refusal.
 */
export function fundraiserRefusal(error: unknown, cause: string): string | null {
  if (!isApiError(error)) return null;
  const elsewhere = cause ? ` You can still give to ${cause} on its own page.` : '';
  if (error.code === 'FUNDRAISER_ENDED')
    return `This fundraising page has ended, so it takes no more gifts.${elsewhere}`;
  if (error.code === 'FUNDRAISER_HIDDEN')
    return `The charity has taken this fundraising page down, so it takes no gifts.${elsewhere}`;
  return null;
}
