import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SubscriptionResult, subscriptionChanged } from './subscription-change';

/** PATCH /user/donation_subscription/{id} with {amount}: a new amount, without cancelling. */
export function useChangeSubscriptionAmount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: number }) =>
      api.patch<SubscriptionResult>(`/user/donation_subscription/${id}`, { amount }, { silent: true }),
    onSuccess: () => subscriptionChanged(queryClient),
  });
}
