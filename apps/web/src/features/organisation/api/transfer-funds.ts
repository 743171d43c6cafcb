import type { TransferFundsBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletQueries } from '@/entities/wallet';
import { api } from '@/lib/api-client';

/** POST /organisation/transfer_funds (the wallet module's call). Silent: the dialog shows the refusal. */
export function transferFunds(body: TransferFundsBody, idempotencyKey: string) {
  return api.post('/organisation/transfer_funds', body, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useTransferFunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TransferFundsBody; key: string }) => transferFunds(body, key),
    onSuccess: (_answer, { body }) =>
      Promise.all(
        [body.from_business_id, body.to_business_id].map((id) =>
          queryClient.invalidateQueries({ queryKey: walletQueries.all({ type: 'business', id, name: '' }) }),
        ),
      ),
  });
}
