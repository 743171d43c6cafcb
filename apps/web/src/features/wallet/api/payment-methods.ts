import type { PaymentMethod, SavePaymentMethodBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type WalletOwner, walletPaths, walletQueries } from '@/entities/wallet';
import { api } from '@/lib/api-client';
import { mayHaveGoneThrough } from '@/lib/idempotency';
import { useRefreshingMutation } from '@/lib/mutations';

export interface SavePaymentMethodInput {
  owner: WalletOwner;
  /** The sandbox card typed, or with Stripe the PaymentMethod Elements made (`provider_method_id`). */
  body: SavePaymentMethodBody;
}

/** POST /user/payment_methods or POST /business/{id}/payment_methods: 201 with the card saved. */
export async function savePaymentMethod({ owner, body }: SavePaymentMethodInput): Promise<PaymentMethod> {
  const answer = await api.post<{ payment_method: PaymentMethod }>(walletPaths(owner).paymentMethods, body, {
    // The form shows the refusal beside the card and above its button.
    silent: true,
  });
  return answer.payment_method;
}

export interface PaymentMethodInput {
  owner: WalletOwner;
  id: number;
}

/** POST /user/payment_methods/{id}/default (or the organisation's): the card, now the default. */
export async function makeDefaultPaymentMethod({ owner, id }: PaymentMethodInput): Promise<PaymentMethod> {
  const answer = await api.post<{ payment_method: PaymentMethod }>(
    `${walletPaths(owner).paymentMethod(id)}/default`,
  );
  return answer.payment_method;
}

/** DELETE /user/payment_methods/{id} (or the organisation's): the cards left, the default first. */
export function removePaymentMethod({ owner, id }: PaymentMethodInput): Promise<{ items: PaymentMethod[] }> {
  return api.delete<{ items: PaymentMethod[] }>(walletPaths(owner).paymentMethod(id));
}

export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  const refresh = (owner: WalletOwner) =>
    queryClient.invalidateQueries({ queryKey: walletQueries.paymentMethods(owner).queryKey });
  return useMutation({
    mutationFn: savePaymentMethod,
    // A card saved as the default changes the others too: the list is fetched again.
    onSuccess: (_card, { owner }) => refresh(owner),
    // Unanswered, the card may have been saved all the same: the list says whether it was.
    onError: (error, { owner }) => (mayHaveGoneThrough(error) ? refresh(owner) : undefined),
  });
}

/** The card before it is no longer the default, and the list's order changes: it is fetched again. */
export const useMakeDefaultPaymentMethod = () =>
  useRefreshingMutation(
    makeDefaultPaymentMethod,
    ({ owner }) => walletQueries.paymentMethods(owner).queryKey,
  );

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentMethod,
    // The answer is the whole list left, with the new default.
    onSuccess: (cards, { owner }) =>
      queryClient.setQueryData(walletQueries.paymentMethods(owner).queryKey, cards),
  });
}
