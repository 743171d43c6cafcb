import type { Page, Subscription } from '@kindred/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { subscriptionsQuery } from './get-subscriptions';

/** After a subscription changed: its list, the coming gifts and the totals read again. */
export function subscriptionChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: donationQueries.all });
}

/**
 * A subscription as a call answered it: it replaces its copy in the cached list at once (so what
 * it shows changes before the list is read again), then everything about donations reads again.
 */
export function subscriptionSaved(queryClient: QueryClient, subscription: Subscription): Promise<void> {
  queryClient.setQueryData<InfiniteData<Page<Subscription>, string | undefined>>(
    subscriptionsQuery().queryKey,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === subscription.id ? subscription : item)),
        })),
      },
  );
  return subscriptionChanged(queryClient);
}

export type SubscriptionResult = { subscription: Subscription };
