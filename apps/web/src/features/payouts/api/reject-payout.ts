import type { Payout } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshAfterReview } from './keys';

export interface RejectPayoutInput {
  payout: Payout;
  reason: string;
}

/**
 * POST /admin/payouts/{id}/reject: the payout is refused with the reason the charity reads; its
 * money goes back to the charity's funds. Silent: the reason dialog shows the refusal.
 */
export function rejectPayout({ payout, reason }: RejectPayoutInput): Promise<{ payout: Payout }> {
  return api.post<{ payout: Payout }>(`/admin/payouts/${payout.id}/reject`, { reason }, { silent: true });
}

export function useRejectPayout() {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: rejectPayout,
    onSettled: (_answer, _error, { payout }) => refresh([payout]),
  });
}
