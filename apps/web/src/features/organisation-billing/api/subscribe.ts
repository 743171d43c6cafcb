import type { SubscribeBody, SubscribeDirectDebitBody, SubscribeResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingQueries } from '@/entities/billing';
import { walletQueries } from '@/entities/wallet';
import { api } from '@/lib/api-client';

export type SubscribeInput =
  | { businessId: number; method: 'wallet'; body: SubscribeBody; idempotencyKey: string }
  | { businessId: number; method: 'direct_debit'; body: SubscribeDirectDebitBody; idempotencyKey: string };

/**
 * POST /business/{id}/subscription (paid from the wallet) or
 * POST /business/{id}/subscription_with_direct_debit (type 3), with an Idempotency-Key: a retry of
 * the same attempt never pays twice. Silent: the form shows the refusal.
 */
export function subscribe(input: SubscribeInput): Promise<SubscribeResponse> {
  const path =
    input.method === 'wallet'
      ? `/business/${input.businessId}/subscription`
      : `/business/${input.businessId}/subscription_with_direct_debit`;
  return api.post<SubscribeResponse>(path, input.body, {
    silent: true,
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    onSuccess: (_answer, input) => {
      void queryClient.invalidateQueries({ queryKey: billingQueries.organisation(input.businessId) });
      void queryClient.invalidateQueries({
        queryKey: walletQueries.all({ type: 'business', id: input.businessId, name: '' }),
      });
    },
  });
}
