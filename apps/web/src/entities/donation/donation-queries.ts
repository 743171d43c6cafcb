import type { Donation, DonationFilters, Page, Supporter } from '@kindred/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';

export const DONATIONS_PAGE_SIZE = 20;
export const SUPPORTERS_PAGE_SIZE = 12;

/** The filters of the donation lists, as the query string carries them. */
export type DonationListFilters = Partial<DonationFilters>;

/** GET /user/donations: one keyset page of the donor's own donations, newest first. */
export function getMyDonations(
  filters: DonationListFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<Donation>> {
  return api.get<Page<Donation>>('/user/donations', {
    query: { ...filters, limit: DONATIONS_PAGE_SIZE, cursor },
    signal,
  });
}

/** GET /charity/{id}/donations: one keyset page of the charity's project and direct donations. */
export function getCharityDonations(
  charityId: number,
  filters: DonationListFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<Donation>> {
  return api.get<Page<Donation>>(`/charity/${charityId}/donations`, {
    query: { ...filters, limit: DONATIONS_PAGE_SIZE, cursor },
    signal,
  });
}

/** GET /project/{id}/all-donations: the public supporters wall (names unless anonymous). */
export function getProjectSupporters(id: number, cursor: string | undefined): Promise<Page<Supporter>> {
  return api.get<Page<Supporter>>(`/project/${id}/all-donations`, {
    silent: true,
    background: true,
    query: { limit: SUPPORTERS_PAGE_SIZE, ...(cursor ? { cursor, direction: 'after' } : {}) },
  });
}

/**
 * Donations as several screens show them: the donor's giving, a charity's inbox, a project's
 * supporters. The keys live here only. Giving, or a charity acting on donations, invalidates
 * `donationQueries.all` (and the project's own queries, whose counters moved).
 */
export const donationQueries = {
  all: ['donations'] as const,
  mine: (filters: DonationListFilters) =>
    infiniteQueryOptions({
      queryKey: [...donationQueries.all, 'mine', filters] as const,
      queryFn: ({ pageParam, signal }) => getMyDonations(filters, pageParam, signal),
      ...cursorPaging,
      placeholderData: keepPreviousData,
    }),
  ofCharity: (charityId: number, filters: DonationListFilters) =>
    infiniteQueryOptions({
      queryKey: [...donationQueries.all, 'charity', charityId, filters] as const,
      queryFn: ({ pageParam, signal }) => getCharityDonations(charityId, filters, pageParam, signal),
      ...cursorPaging,
      placeholderData: keepPreviousData,
    }),
  supporters: (projectId: number) =>
    infiniteQueryOptions({
      queryKey: [...donationQueries.all, 'supporters', projectId] as const,
      queryFn: ({ pageParam }) => getProjectSupporters(projectId, pageParam),
      ...cursorPaging,
    }),
  /** A query under `all` that a screen owns (statistics, subscriptions...): its key. */
  key: (...parts: readonly unknown[]) => [...donationQueries.all, ...parts] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...donationQueries.all, 'detail', id] as const,
      queryFn: () => api.get<{ donation: Donation }>(`/user/donation/${id}`).then((r) => r.donation),
    }),
};
