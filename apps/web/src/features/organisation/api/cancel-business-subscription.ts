import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationMoneyQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** POST /business/{id}/cancel_donation_subscription/{subId} */
export function cancelBusinessSubscription({ id, subscriptionId }: { id: number; subscriptionId: number }) {
  return api.post(`/business/${id}/cancel_donation_subscription/${subscriptionId}`);
}

export function useCancelBusinessSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBusinessSubscription,
    onSuccess: (_answer, input) =>
      queryClient.invalidateQueries({ queryKey: organisationMoneyQueries.subscriptions(input.id).queryKey }),
  });
}
