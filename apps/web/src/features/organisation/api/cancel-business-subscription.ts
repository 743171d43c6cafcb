import { organisationMoneyQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /business/{id}/cancel_donation_subscription/{subId} */
export function cancelBusinessSubscription({ id, subscriptionId }: { id: number; subscriptionId: number }) {
  return api.post(`/business/${id}/cancel_donation_subscription/${subscriptionId}`);
}

export function useCancelBusinessSubscription() {
  return useRefreshingMutation(
    cancelBusinessSubscription,
    (input) => organisationMoneyQueries.subscriptions(input.id).queryKey,
  );
}
