import type { Donation } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';

/**
 * GET /admin/donation/{id}: any gift by its number, with its history, refunds and dispute
 * (platform admins). Silent: the find form says beside the number when there is no such gift.
 */
export function getAdminDonation(id: number, signal?: AbortSignal): Promise<Donation> {
  return api
    .get<{ donation: Donation }>(`/admin/donation/${id}`, { silent: true, signal })
    .then((answer) => answer.donation);
}

/**
 * One gift a platform admin looked up, under the donation entity's key: a refund or a provider
 * event (which refresh every donation list) refresh it too, so it shows as it now is.
 */
export const adminDonationQueries = {
  one: (id: number) =>
    queryOptions({
      queryKey: donationQueries.key('admin-donation', id),
      queryFn: ({ signal }) => getAdminDonation(id, signal),
    }),
};
