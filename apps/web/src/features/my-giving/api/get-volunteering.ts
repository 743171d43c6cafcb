import type { Donation, Page } from '@kindred/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { DONATIONS_PAGE_SIZE, donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';

/** GET /user/volunteering/{type}: volunteering (3) or skilled volunteering (4), keyset paged. */
export const volunteeringQuery = (type: 3 | 4) =>
  infiniteQueryOptions({
    queryKey: donationQueries.key('volunteering', type),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Donation>>(`/user/volunteering/${type}`, {
        query: {
          limit: DONATIONS_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam, direction: 'after' } : {}),
        },
        signal,
      }),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
