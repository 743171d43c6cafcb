import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SubscriptionResult, subscriptionSaved } from './subscription-change';

/**
 * POST /user/donation_subscription/{id}/card with {payment_method_id}: a plan by card charges
 * another saved card from now on, and a missed gift is tried again on it at once
 * (docs/product/card-gifts.md#recurring-gifts-by-card). Its refusals show beside the card chosen.
 */
export function useChangeSubscriptionCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paymentMethodId }: { id: number; paymentMethodId: number }) =>
      api.post<SubscriptionResult>(
        `/user/donation_subscription/${id}/card`,
        { payment_method_id: paymentMethodId },
        { silent: true },
      ),
    onSuccess: ({ subscription }) => subscriptionSaved(queryClient, subscription),
  });
}
