import type { RefundRequest } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { api, isApiError } from '@/lib/api-client';

/**
 * POST /donation/{id}/refund_request: the giver asks for a refund, within 30 days of giving.
 * Silent: the dialog shows the refusal, beside the reason when it is about the reason.
 */
export function requestRefund(donationId: number, reason: string) {
  return api.post<{ refund_request: RefundRequest }>(
    `/donation/${donationId}/refund_request`,
    { reason },
    { silent: true },
  );
}

/** Asks, then refreshes the donor's donations (the card shows the request); a 409 refreshes too. */
export function useRequestRefund() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: donationQueries.all });
  return useMutation({
    mutationFn: ({ donationId, reason }: { donationId: number; reason: string }) =>
      requestRefund(donationId, reason),
    onSuccess: refresh,
    onError: (error) => (isApiError(error) && error.status === 409 ? refresh() : undefined),
  });
}
