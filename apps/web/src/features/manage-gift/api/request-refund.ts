import type { RefundRequest } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { api, isApiError } from '@/lib/api-client';
import { managePath, manageQueries } from './get-manage-view';

/**
 * POST /manage/{token}/refund_request: the giver asks for a refund of the link's gift, within 30
 * days of giving (the link is the access: no sign-in is sent). Silent: the dialog shows the refusal.
 */
export function requestRefundByLink(token: string, reason: string) {
  return api.post<{ refund_request: RefundRequest }>(
    `${managePath(token)}/refund_request`,
    { reason },
    { anonymous: true, silent: true },
  );
}

/** Asks, then reads the link's gift again (it shows the request); a 409 reads it again too. */
export function useRequestRefundByLink(token: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: manageQueries.view(token).queryKey }),
      // A giver who is signed in sees it in their giving too.
      queryClient.invalidateQueries({ queryKey: donationQueries.all }),
    ]);
  return useMutation({
    mutationFn: (reason: string) => requestRefundByLink(token, reason),
    onSuccess: refresh,
    onError: (error) => (isApiError(error) && error.status === 409 ? refresh() : undefined),
  });
}
