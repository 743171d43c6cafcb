import type { OrgSubscription } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingQueries } from '@/entities/billing';
import { api } from '@/lib/api-client';

/** DELETE /business/{id}/subscription: no further invoices. */
export function cancelSubscription(businessId: number): Promise<{ subscription: OrgSubscription }> {
  return api.delete<{ subscription: OrgSubscription }>(`/business/${businessId}/subscription`);
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (_answer, businessId) =>
      queryClient.invalidateQueries({ queryKey: billingQueries.organisation(businessId) }),
  });
}
