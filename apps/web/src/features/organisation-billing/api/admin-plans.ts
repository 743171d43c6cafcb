import type { Plan, PlanBody, PlanUpdateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingQueries } from '@/entities/billing';
import { api } from '@/lib/api-client';

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

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueries.all }),
  });
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueries.all }),
  });
}
