import type { BusinessApproveDonationsBody, Donation } from '@kindred/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { organisationQueries } from '@/entities/organisation';
import { walletQueries } from '@/entities/wallet';
import { api } from '@/lib/api-client';

/** POST /business/{id}/approve_donations. Silent: the inbox says why it was refused. */
export function approveDonations({
  businessId,
  ...body
}: BusinessApproveDonationsBody & { businessId: number }): Promise<{ donations: Donation[] }> {
  return api.post<{ donations: Donation[] }>(`/business/${businessId}/approve_donations`, body, {
    silent: true,
  });
}

/** Signing off moves the organisation's held money: its wallet and every list of donations refresh. */
export function refreshAfterSignoff(queryClient: QueryClient, businessId: number) {
  void queryClient.invalidateQueries({
    queryKey: organisationQueries.waitingDonations(businessId).queryKey,
  });
  void queryClient.invalidateQueries({
    queryKey: walletQueries.all({ type: 'business', id: businessId, name: '' }),
  });
  void queryClient.invalidateQueries({ queryKey: donationQueries.all });
}

export function useApproveDonations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDonations,
    onSuccess: (_data, input) => refreshAfterSignoff(queryClient, input.businessId),
  });
}
