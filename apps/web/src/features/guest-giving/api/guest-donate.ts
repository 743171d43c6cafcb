import type { CardActionResponse, DonateResponse, GuestDonateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { KeyedAttempt } from '@/lib/idempotency';
import { refreshAfterGuestGift } from '../lib/after-gift';
import type { GuestGiveTarget } from '../lib/target';

/** 201: the gift made; 202: the card's bank asks for one more step (3-D Secure) first. */
export type GuestGiftAnswer = DonateResponse | CardActionResponse;

export const needsBankStep = (answer: GuestGiftAnswer): answer is CardActionResponse => 'payment' in answer;

export interface GuestDonateInput {
  target: GuestGiveTarget;
  body: GuestDonateBody;
  /** The confirm attempt: its Idempotency-Key makes a retry give once. */
  attempt: KeyedAttempt;
}

/**
 * POST /guest/donate/project/{id} or /guest/donate/charity/{id}, with the attempt's
 * Idempotency-Key, without a session (docs/product/card-gifts.md#giving-without-an-account).
 * Silent: the flow shows failures itself, beside the fields or as an alert.
 */
export function guestDonate({ target, body, attempt }: GuestDonateInput): Promise<GuestGiftAnswer> {
  const path =
    target.kind === 'project'
      ? `/guest/donate/project/${target.project.id}`
      : `/guest/donate/charity/${target.charity.id}`;
  return api.post<GuestGiftAnswer>(path, body, {
    headers: { 'Idempotency-Key': attempt.key },
    anonymous: true,
    silent: true,
  });
}

export function useGuestDonate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guestDonate,
    onSuccess: (answer, { target }) => {
      if (!needsBankStep(answer)) refreshAfterGuestGift(queryClient, target);
    },
  });
}
