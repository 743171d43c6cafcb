import type { GiftAidDeclaration, GiftAidDeclarationForCharity, Page } from '@kindred/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';
import { DONATIONS_PAGE_SIZE, donationQueries } from './donation-queries';

// The donor's Gift Aid declarations: read by the give flow and My giving only, so kept out of
// donation-queries, which the public pages load with the first page.

/**
 * GET /user/gift_aid_declaration?charity_id=: the donor's declaration naming this charity (null when
 * they have none) and their latest declaration of any charity, to fill in a new one. Quiet: the
 * screens that read it show their own loading and failure.
 */
export function getGiftAidDeclarationFor(
  charityId: number,
  signal?: AbortSignal,
): Promise<GiftAidDeclarationForCharity> {
  return api.get<GiftAidDeclarationForCharity>('/user/gift_aid_declaration', {
    query: { charity_id: charityId },
    signal,
    silent: true,
    background: true,
  });
}

/** GET /user/gift_aid_declarations: one keyset page of the donor's declarations, newest first. */
export function getGiftAidDeclarations(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<GiftAidDeclaration>> {
  return api.get<Page<GiftAidDeclaration>>('/user/gift_aid_declarations', {
    query: { limit: DONATIONS_PAGE_SIZE, ...(cursor ? { cursor, direction: 'after' } : {}) },
    signal,
  });
}

/** The donor's Gift Aid declarations: query options and the only copy of their keys. */
export const giftAidQueries = {
  /** Every Gift Aid query (one charity's, the list): what making or cancelling one refreshes. */
  all: () => [...donationQueries.all, 'gift-aid-declaration'] as const,
  /** The donor's declaration naming one charity, and their latest to start one from: the give flow reads it. */
  forCharity: (charityId: number) =>
    queryOptions({
      queryKey: [...giftAidQueries.all(), 'charity', charityId] as const,
      queryFn: ({ signal }) => getGiftAidDeclarationFor(charityId, signal),
    }),
  /** The donor's declarations, by charity, newest first: My giving lists them. */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...giftAidQueries.all(), 'list'] as const,
      queryFn: ({ pageParam, signal }) => getGiftAidDeclarations(pageParam, signal),
      ...cursorPaging,
    }),
};
