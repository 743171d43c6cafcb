import type { DiscountCode, DiscountCodeBody, DiscountCodeUpdateBody } from '@kindred/shared';
import { billingQueries } from '@/entities/billing';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

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

export const useCreateDiscountCode = () =>
  useRefreshingMutation(createDiscountCode, () => billingQueries.admin);

export const useUpdateDiscountCode = () =>
  useRefreshingMutation(updateDiscountCode, () => billingQueries.admin);
