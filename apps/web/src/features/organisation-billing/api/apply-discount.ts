import type { OrgSubscription, SubscriptionDiscountBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingQueries } from '@/entities/billing';
import { api } from '@/lib/api-client';

/** POST /business/{id}/subscription/discount. Silent: the form shows the refusal beside the code. */
export function applyDiscount({
  businessId,
  ...body
}: SubscriptionDiscountBody & { businessId: number }): Promise<{ subscription: OrgSubscription }> {
  return api.post<{ subscription: OrgSubscription }>(`/business/${businessId}/subscription/discount`, body, {
    silent: true,
  });
}

export function useApplyDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyDiscount,
    onSuccess: (_answer, input) =>
      queryClient.invalidateQueries({ queryKey: billingQueries.organisation(input.businessId) }),
  });
}
