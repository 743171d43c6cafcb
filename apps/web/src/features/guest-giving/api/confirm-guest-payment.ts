import type { DonateResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { KeyedAttempt } from '@/lib/idempotency';
import { refreshAfterGuestGift } from '../lib/after-gift';
import type { GuestGiveTarget } from '../lib/target';

export interface ConfirmGuestPaymentInput {
  target: GuestGiveTarget;
  payment: { id: number; client_secret: string };
  /** The confirm attempt whose donate call opened the payment: its key goes on this call too. */
  attempt: KeyedAttempt;
}

/**
 * POST /guest/payment/{id}/confirm after the bank's extra step: the client secret proves the
 * payment is this browser's. Answers the gift; 409 PAYMENT_NOT_COMPLETE while the step is not
 * finished, 402 CARD_DECLINED when the bank refused (docs/product/card-gifts.md#paying-by-card-in-one-step).
 * Silent: the flow shows failures itself.
 */
export function confirmGuestPayment({ payment, attempt }: ConfirmGuestPaymentInput): Promise<DonateResponse> {
  return api.post<DonateResponse>(
    `/guest/payment/${payment.id}/confirm`,
    { client_secret: payment.client_secret },
    { headers: { 'Idempotency-Key': attempt.key }, anonymous: true, silent: true },
  );
}

export function useConfirmGuestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmGuestPayment,
    onSuccess: (_answer, { target }) => refreshAfterGuestGift(queryClient, target),
  });
}
