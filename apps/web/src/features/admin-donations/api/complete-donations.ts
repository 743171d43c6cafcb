import type { Donation } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';

/** POST /admin/complete: each donation one step on (40 -> 80 approved, direct 80 -> 85 paid out). */
export function completeDonations(donationIds: number[]): Promise<{ donations: Donation[] }> {
  return api.post<{ donations: Donation[] }>('/admin/complete', { donation_ids: donationIds });
}

/** What a donation's move changes elsewhere: every donation list, and its project's counters. */
export function refreshAfter(queryClient: ReturnType<typeof useQueryClient>, donations: Donation[]) {
  const projects = new Set(donations.flatMap((donation) => (donation.project ? [donation.project.id] : [])));
  for (const id of projects) void queryClient.invalidateQueries({ queryKey: projectQueries.all(id) });
  return queryClient.invalidateQueries({ queryKey: donationQueries.all });
}

export function useCompleteDonations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeDonations,
    onSuccess: ({ donations }) => refreshAfter(queryClient, donations),
  });
}
