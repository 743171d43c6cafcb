import type { Donation, Page } from '@kindred/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PagePosition } from '@/components/ui/pager';
import { donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';

export const PLATFORM_QUEUE_PAGE_SIZE = 20;

/**
 * GET /admin/complete: donations waiting for the platform (40, held for review) and approved
 * direct donations waiting for payout (80), newest first, one keyset page.
 */
export function getPlatformQueue(position: PagePosition, signal?: AbortSignal): Promise<Page<Donation>> {
  return api.get<Page<Donation>>('/admin/complete', {
    query: { limit: PLATFORM_QUEUE_PAGE_SIZE, cursor: position.cursor, direction: position.direction },
    signal,
  });
}

/**
 * The platform's queue, under the donation entity's key: a completed or rejected donation, or a
 * new gift anywhere, refreshes it with every other donation list.
 */
export const platformQueueQueries = {
  key: () => donationQueries.key('platform-queue'),
  page: (position: PagePosition) =>
    queryOptions({
      queryKey: [...platformQueueQueries.key(), position] as const,
      queryFn: ({ signal }) => getPlatformQueue(position, signal),
      placeholderData: keepPreviousData,
    }),
};
