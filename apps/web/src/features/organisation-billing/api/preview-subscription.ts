import type { SubscribeBody, SubscriptionPreview } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /business/{id}/subscription/preview: a new subscription's first period, or with `change` the
 * active subscription's next period on another plan. Silent: the form shows a refusal in place.
 */
export function previewSubscription({
  businessId,
  ...body
}: SubscribeBody & { businessId: number; change?: boolean }): Promise<SubscriptionPreview> {
  return api.post<SubscriptionPreview>(`/business/${businessId}/subscription/preview`, body, {
    silent: true,
  });
}

export function usePreviewSubscription() {
  return useMutation({ mutationFn: previewSubscription });
}
