import type { Plan, PlanBody, PlanUpdateBody } from '@kindred/shared';
import { billingQueries } from '@/entities/billing';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /admin/subscription_plans. Silent: the form shows the refusal. */
export function createPlan(body: PlanBody): Promise<Plan> {
  return api.post<Plan>('/admin/subscription_plans', body, { silent: true });
}

/**
 * PATCH /admin/subscription_plans/{id}. An edit (name, description, fee) is silent: its dialog
 * shows the refusal; switching the plan on or off alone is not, so a refusal comes as a toast.
 */
export function updatePlan({ id, ...body }: PlanUpdateBody & { id: number }): Promise<Plan> {
  return api.patch<Plan>(`/admin/subscription_plans/${id}`, body, { silent: body.active === undefined });
}

export const useCreatePlan = () => useRefreshingMutation(createPlan, () => billingQueries.all);

export const useUpdatePlan = () => useRefreshingMutation(updatePlan, () => billingQueries.all);
