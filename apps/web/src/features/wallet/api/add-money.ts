import type { CardInput, DepositResponse, Payment } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type WalletOwner, walletPaths, walletQueries } from '@/entities/wallet';
import { ApiError, api } from '@/lib/api-client';
import type { Attempt } from '../lib/idempotency';

export interface AddMoneyInput {
  owner: WalletOwner;
  amount: number;
  /** Sandbox: the card typed into our own form. */
  card?: CardInput;
  /**
   * Stripe: pays the opened payment in the browser with its client secret (Stripe.js and the Card
   * Element); no card goes to our API.
   */
  payInBrowser?: (clientSecret: string) => Promise<void>;
  /** The submit attempt: its Idempotency-Key goes on both calls; it remembers the opened payment. */
  attempt: Attempt;
}

/**
 * Adds money: POST .../deposit opens the payment (the sandbox charges its card at once; Stripe
 * answers with a client secret that the browser pays with Stripe.js), then POST .../confirm credits
 * the wallet. A retry of an attempt whose payment is open does not open another: it pays that one
 * (unless the browser did already) and confirms again. Silent: the form shows failures itself.
 */
export async function addMoney({
  owner,
  amount,
  card,
  payInBrowser,
  attempt,
}: AddMoneyInput): Promise<DepositResponse> {
  const paths = walletPaths(owner);
  const headers = { 'Idempotency-Key': attempt.key };
  if (attempt.paymentId === undefined) {
    const { payment } = await api.post<{ payment: Payment }>(
      paths.deposit,
      card ? { amount, card } : { amount },
      { headers, silent: true },
    );
    if (payment.status === 'failed') {
      throw new ApiError(402, 'CARD_DECLINED', payment.failure_message ?? 'The payment did not go through.');
    }
    attempt.paymentId = payment.id;
    attempt.clientSecret = payment.client_secret;
  }
  if (payInBrowser && !attempt.paidInBrowser) {
    if (!attempt.clientSecret) throw new Error('The payment provider did not open the payment.');
    await payInBrowser(attempt.clientSecret);
    attempt.paidInBrowser = true;
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
      queryClient.setQueryData(walletQueries.balance(owner).queryKey, result.wallet);
      void queryClient.invalidateQueries({ queryKey: walletQueries.all(owner) });
    },
  });
}
