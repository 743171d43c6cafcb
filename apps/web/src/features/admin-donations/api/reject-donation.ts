import type { Donation } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from './complete-donations';

export interface RejectDonationInput {
  donation_id: number;
  reason: string;
}

/**
 * POST /admin/donation/reject: ends one donation at 90 and returns its money where it came from.
 * Silent: the dialog shows the failure beside the reason, or above its buttons.
 */
export function rejectDonation(body: RejectDonationInput): Promise<{ donation: Donation }> {
  return api.post<{ donation: Donation }>('/admin/donation/reject', body, { silent: true });
}

export function useRejectDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectDonation,
    onSuccess: ({ donation }) => refreshAfter(queryClient, [donation]),
  });
}
