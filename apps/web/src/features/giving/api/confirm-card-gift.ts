import type { CardActionResponse, DonateResponse } from '@kindred/shared';
import { api } from '@/lib/api-client';
import type { KeyedAttempt } from '@/lib/idempotency';
import { type DonateInput, useGiftMutation } from './donate';

export interface ConfirmCardGiftInput extends Pick<DonateInput, 'target' | 'organisation'> {
  /** The gift's payment, from the 202 answer. */
  paymentId: number;
  attempt: KeyedAttempt;
}

/**
 * POST /payment/{id}/confirm: after the card's bank step, the payment becomes the gift
 * (docs/product/card-gifts.md#paying-by-card-in-one-step). Silent: the flow shows failures itself.
 */
export function confirmCardGift({ paymentId, attempt }: ConfirmCardGiftInput) {
  return api.post<DonateResponse | CardActionResponse>(`/payment/${paymentId}/confirm`, undefined, {
    headers: { 'Idempotency-Key': `${attempt.key}:confirm` },
    silent: true,
  });
}

export function useConfirmCardGift() {
  return useGiftMutation(confirmCardGift);
}
