import type { DiscountCode, DiscountCodeBody, DiscountCodeUpdateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingQueries } from '@/entities/billing';
import { api } from '@/lib/api-client';

/** POST /admin/discount_codes. Silent: the form shows the refusal. */
export function createDiscountCode(body: DiscountCodeBody): Promise<DiscountCode> {
  return api.post<DiscountCode>('/admin/discount_codes', body, { silent: true });
}

/**
 * PATCH /admin/discount_codes/{id}. An edit (expiry, maximum of uses) is silent: its dialog shows
 * the refusal; switching the code on or off alone is not, so a refusal comes as a toast.
 */
export function updateDiscountCode({
  id,
  ...body
}: DiscountCodeUpdateBody & { id: number }): Promise<DiscountCode> {
  return api.patch<DiscountCode>(`/admin/discount_codes/${id}`, body, { silent: body.active === undefined });
}

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscountCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueries.admin }),
  });
}

export function useUpdateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscountCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueries.admin }),
  });
}
