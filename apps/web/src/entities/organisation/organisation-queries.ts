import type { Business, BusinessMember, BusinessPendingDonation, Page } from '@kindred/shared';
import { accountQueries } from '@/entities/account';
import { api } from '@/lib/api-client';

/** GET /business/{id}. Quiet: the organisation area shows a failure in place. */
export function getBusiness(id: number): Promise<Business> {
  return api.get<Business>(`/business/${id}`, { silent: true });
}

/** GET /business/{id}/members */
export function getBusinessMembers(id: number): Promise<{ items: BusinessMember[] }> {
  return api.get<{ items: BusinessMember[] }>(`/business/${id}/members`);
}

/** GET /business/{id}/donations: donations waiting for sign-off (the first 100). */
export function getWaitingDonations(id: number): Promise<Page<BusinessPendingDonation>> {
  return api.get<Page<BusinessPendingDonation>>(`/business/${id}/donations`, { query: { limit: 100 } });
}

const { part, ...accountKeys } = accountQueries('organisations', getBusiness, getBusinessMembers);

/** An organisation and what belongs to it. Their keys live here only, all under `['organisations', id]`. */
export const organisationQueries = {
  ...accountKeys,
  waitingDonations: part('waiting-donations', getWaitingDonations),
};
