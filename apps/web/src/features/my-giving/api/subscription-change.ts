import type { Subscription } from '@kindred/shared';
import type { QueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';

/** After a subscription changed: its list, the coming gifts and the totals read again. */
export function subscriptionChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: donationQueries.all });
}

export type SubscriptionResult = { subscription: Subscription };
