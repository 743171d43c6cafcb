import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SubscriptionResult, subscriptionChanged } from './subscription-change';

/** POST /user/donation_subscription/{id}/pause */
export function usePauseSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<SubscriptionResult>(`/user/donation_subscription/${id}/pause`),
    onSuccess: () => subscriptionChanged(queryClient),
  });
}
