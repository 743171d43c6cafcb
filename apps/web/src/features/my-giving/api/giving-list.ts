import type { Page } from '@kindred/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { DONATIONS_PAGE_SIZE, donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';

/**
 * One of the donor's keyset-paged lists of their giving, keyed under the donations
 * (`donationQueries.key(...key)`, so giving refreshes it): GET `path`, `limit` a page.
 */
export const givingListQuery = <T>(key: readonly unknown[], path: string, limit = DONATIONS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: donationQueries.key(...key),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(path, {
        query: { limit, ...(pageParam ? { cursor: pageParam, direction: 'after' } : {}) },
        signal,
      }),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
