import type { Page, Subscription } from '@kindred/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';

export const SUBSCRIPTIONS_PAGE_SIZE = 20;

/** GET /user/donation_subscriptions: the donor's recurring donations, keyset paged. */
export const subscriptionsQuery = () =>
  infiniteQueryOptions({
    queryKey: donationQueries.key('subscriptions'),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Subscription>>('/user/donation_subscriptions', {
        query: {
          limit: SUBSCRIPTIONS_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam, direction: 'after' } : {}),
        },
        signal,
      }),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
