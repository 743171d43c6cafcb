import type { OrgSubscription, SubscriptionDiscountBody } from '@kindred/shared';
import { billingQueries } from '@/entities/billing';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

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
  return useRefreshingMutation(applyDiscount, (input) => billingQueries.organisation(input.businessId));
}
