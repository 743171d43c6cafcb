import type { Donation, Page } from '@kindred/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { DONATIONS_PAGE_SIZE, donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';

/** GET /user/rejected_donations: donations declined or returned (status 90), keyset paged. */
export const rejectedDonationsQuery = () =>
  infiniteQueryOptions({
    queryKey: donationQueries.key('rejected'),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Donation>>('/user/rejected_donations', {
        query: {
          limit: DONATIONS_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam, direction: 'after' } : {}),
        },
        signal,
      }),
    ...cursorPaging,
  });
