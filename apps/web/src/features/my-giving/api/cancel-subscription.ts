import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SubscriptionResult, subscriptionChanged } from './subscription-change';

/** POST /user/cancel_donation_subscription/{id}: no more gifts from this recurring donation. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<SubscriptionResult>(`/user/cancel_donation_subscription/${id}`),
    onSuccess: () => subscriptionChanged(queryClient),
  });
}
