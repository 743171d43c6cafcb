import type { SubscribeBody, SubscriptionPreview } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /business/{id}/subscription/preview. Silent: the form shows a refusal beside the code. */
export function previewSubscription({
  businessId,
  ...body
}: SubscribeBody & { businessId: number }): Promise<SubscriptionPreview> {
  return api.post<SubscriptionPreview>(`/business/${businessId}/subscription/preview`, body, {
    silent: true,
  });
}

export function usePreviewSubscription() {
  return useMutation({ mutationFn: previewSubscription });
}
