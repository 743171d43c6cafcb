import type { OrgSubscription } from '@kindred/shared';
import { billingQueries } from '@/entities/billing';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** DELETE /business/{id}/subscription: no further invoices. */
export function cancelSubscription(businessId: number): Promise<{ subscription: OrgSubscription }> {
  return api.delete<{ subscription: OrgSubscription }>(`/business/${businessId}/subscription`);
}

export function useCancelSubscription() {
  return useRefreshingMutation(cancelSubscription, (businessId) => billingQueries.organisation(businessId));
}
