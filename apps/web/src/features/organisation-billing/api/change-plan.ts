import type { OrgSubscription } from '@kindred/shared';
import { billingQueries } from '@/entities/billing';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/**
 * PATCH /business/{id}/subscription/plan: another offered plan from the next period (the current
 * plan again drops a pending change). Silent: the form shows the refusal beside the plans.
 */
export function changePlan(input: {
  businessId: number;
  plan_id: number;
}): Promise<{ subscription: OrgSubscription }> {
  return api.patch<{ subscription: OrgSubscription }>(
    `/business/${input.businessId}/subscription/plan`,
    { plan_id: input.plan_id },
    { silent: true },
  );
}

export function useChangePlan() {
  return useRefreshingMutation(changePlan, (input) => billingQueries.organisation(input.businessId));
}
