import type { Payout } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshCharityMoney } from './keys';

export interface RequestPayoutInput {
  charityId: number;
  amount: number;
  /** The submit attempt's Idempotency-Key: a retry of the same request pays out once. */
  key: string;
}

/**
 * POST /charity/{id}/payouts: asks Kindred to pay `amount` of the available money to the checked
 * bank account. Silent: the form shows the refusal beside the amount.
 */
export function requestPayout({ charityId, amount, key }: RequestPayoutInput): Promise<{ payout: Payout }> {
  return api.post<{ payout: Payout }>(
    `/charity/${charityId}/payouts`,
    { amount },
    { silent: true, headers: { 'Idempotency-Key': key } },
  );
}

export function useRequestPayout() {
  const refresh = useRefreshCharityMoney();
  return useMutation({
    mutationFn: requestPayout,
    // A refusal too: the money available may have changed since it was read.
    onSettled: (_answer, _error, { charityId }) => refresh(charityId),
  });
}
