import type { Payout } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshAfterReview } from './keys';

export interface ApprovePayoutsInput {
  payouts: Payout[];
  /** The attempt's Idempotency-Key: approving the same payouts again pays them once. */
  key: string;
}

/** POST /admin/payouts/approve: each payout is paid through the provider, or fails with its money back. */
export function approvePayouts({ payouts, key }: ApprovePayoutsInput): Promise<{ payouts: Payout[] }> {
  return api.post<{ payouts: Payout[] }>(
    '/admin/payouts/approve',
    { payout_ids: payouts.map((payout) => payout.id) },
    { headers: { 'Idempotency-Key': key } },
  );
}

export function useApprovePayouts() {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: approvePayouts,
    onSettled: (_answer, _error, { payouts }) => refresh(payouts),
  });
}
