import type { CardInput, DepositResponse, Payment } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { Attempt } from '../lib/idempotency';
import { type WalletOwner, walletPaths } from '../lib/owner';
import { walletKeys } from './keys';

export interface AddMoneyInput {
  owner: WalletOwner;
  amount: number;
  card: CardInput;
  /** The submit attempt: its Idempotency-Key goes on both calls; it remembers the opened payment. */
  attempt: Attempt;
}

/**
 * Adds money with the sandbox card: POST .../deposit opens the payment (the sandbox charges it at
 * once), then POST .../confirm credits the wallet. A retry of an attempt whose payment is open
 * only confirms again. Silent: the form shows failures itself.
 */
export async function addMoney({ owner, amount, card, attempt }: AddMoneyInput): Promise<DepositResponse> {
  const paths = walletPaths(owner);
  const headers = { 'Idempotency-Key': attempt.key };
  if (attempt.paymentId === undefined) {
    const { payment } = await api.post<{ payment: Payment }>(
      paths.deposit,
      { amount, card },
      { headers, silent: true },
    );
    if (payment.status === 'failed') {
      throw new ApiError(402, 'CARD_DECLINED', payment.failure_message ?? 'The payment did not go through.');
    }
    attempt.paymentId = payment.id;
  }
  return api.post<DepositResponse>(
    paths.confirm,
    { payment_id: attempt.paymentId },
    { headers, silent: true },
  );
}

export function useAddMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMoney,
    onSuccess: (result, { owner }) => {
      queryClient.setQueryData(walletKeys.balance(owner), result.wallet);
      void queryClient.invalidateQueries({ queryKey: walletKeys.all(owner) });
    },
  });
}
