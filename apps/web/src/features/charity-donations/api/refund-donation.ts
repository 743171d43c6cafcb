import type { Donation, RefundBody, refundAnswerSchema } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { charityQueries } from '@/entities/charity';
import { donationQueries } from '@/entities/donation';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';

export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

export interface RefundDonationInput {
  donation: Donation;
  body: RefundBody;
  /** The submit attempt's Idempotency-Key: a retry of the same refund refunds once. */
  key: string;
}

/**
 * POST /donation/{id}/refund: all or part of what is left of a gift of funds, back the way it came.
 * Silent: the dialog shows the refusal beside its fields.
 */
export function refundDonation({ donation, body, key }: RefundDonationInput): Promise<RefundAnswer> {
  return api.post<RefundAnswer>(`/donation/${donation.id}/refund`, body, {
    silent: true,
    headers: { 'Idempotency-Key': key },
  });
}

/** What a refund changes: the donation lists (and Gift Aid), the charity's funds, the project's progress. */
export function useRefreshAfterRefund() {
  const queryClient = useQueryClient();
  return (donation: Pick<Donation, 'charity' | 'project'>) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: donationQueries.all }),
      queryClient.invalidateQueries({ queryKey: charityQueries.funds(donation.charity.id).queryKey }),
      donation.project
        ? queryClient.invalidateQueries({ queryKey: projectQueries.all(donation.project.id) })
        : undefined,
    ]);
}

export function useRefundDonation() {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: refundDonation,
    // A refusal too: the gift may have changed since the list was read (a dispute, another refund).
    onSettled: (_answer, _error, { donation }) => refresh(donation),
  });
}
