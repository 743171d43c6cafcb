import type { RefundBody, refundAnswerSchema } from '@kindred/shared';
import type { z } from 'zod';
import { donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

export interface RefundDonationInput {
  donationId: number;
  body: RefundBody;
  /** The attempt's Idempotency-Key: a retry after no answer refunds once. */
  key: string;
}

/**
 * POST /donation/{id}/refund: a platform admin gives all or part of a gift of funds back, the way
 * it came, from the platform's own funds when the charity was already paid out (`from_platform`).
 * Silent: the dialog shows the refusal, beside the amount or the choice of funds when it is theirs.
 */
export function refundDonation({ donationId, body, key }: RefundDonationInput): Promise<RefundAnswer> {
  return api.post<RefundAnswer>(`/donation/${donationId}/refund`, body, {
    silent: true,
    headers: { 'Idempotency-Key': key },
  });
}

export function useRefundDonation() {
  return useRefreshingMutation(refundDonation, () => donationQueries.all);
}
