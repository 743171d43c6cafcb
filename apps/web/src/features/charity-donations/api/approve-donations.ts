import type { ApproveDonationsBody, Donation } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';

export interface ActOnDonationsInput {
  charityId: number;
  body: ApproveDonationsBody;
}

/** POST /charity/{id}/approve_donations: approve, reject or complete several donations at once. */
export function actOnDonations({ charityId, body }: ActOnDonationsInput): Promise<{ donations: Donation[] }> {
  // The screen reports a refusal (409 for a donation in the wrong status) beside the action.
  return api.post<{ donations: Donation[] }>(`/charity/${charityId}/approve_donations`, body, {
    silent: true,
  });
}

export function useActOnDonations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnDonations,
    onSuccess: ({ donations }) => {
      void queryClient.invalidateQueries({ queryKey: donationQueries.all });
      // The projects' progress (pledged and confirmed hours, gifts) moved with the donations.
      const projects = new Set(
        donations.flatMap((donation) => (donation.project ? [donation.project.id] : [])),
      );
      for (const id of projects) void queryClient.invalidateQueries({ queryKey: projectQueries.all(id) });
    },
  });
}
