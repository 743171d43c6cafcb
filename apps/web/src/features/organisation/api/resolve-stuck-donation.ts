import type { Donation, ResolveStuckDonationBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfterSignoff } from './approve-donations';

export type ResolveStuckDonationInput = ResolveStuckDonationBody & { businessId: number; donationId: number };

/**
 * POST /business/{id}/donations/{donation_id}/resolve: a Super Admin approves or releases a
 * donation its sign-off admins can never approve. Silent: the dialog says why it was refused.
 */
export function resolveStuckDonation({
  businessId,
  donationId,
  ...body
}: ResolveStuckDonationInput): Promise<{ donations: Donation[] }> {
  return api.post<{ donations: Donation[] }>(
    `/business/${businessId}/donations/${donationId}/resolve`,
    body,
    { silent: true },
  );
}

/** Either way the organisation's held money moves. */
export function useResolveStuckDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveStuckDonation,
    onSuccess: (_data, input) => refreshAfterSignoff(queryClient, input.businessId),
  });
}
