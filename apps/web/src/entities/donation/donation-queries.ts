import type { Donation, DonationFilters, Page, Supporter } from '@kindred/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';

export const DONATIONS_PAGE_SIZE = 20;
export const SUPPORTERS_PAGE_SIZE = 12;

/** The filters of the donation lists, as the query string carries them. */
export type DonationListFilters = Partial<DonationFilters>;

/** GET `path`: one keyset page of a list of donations, with the list's filters. */
function getDonationsPage(
  path: string,
  filters: DonationListFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<Donation>> {
  return api.get<Page<Donation>>(path, { query: { ...filters, limit: DONATIONS_PAGE_SIZE, cursor }, signal });
}

/**
 * One list of donations as an infinite query, keyed `['donations', ...key, keyFilters]`: a keyset
 * page at a time from GET `path` with `filters`, the pages shown kept while the filters change.
 */
export function donationListQuery<Key extends readonly unknown[]>(
  key: Key,
  path: string,
  filters: DonationListFilters,
  keyFilters: DonationListFilters = filters,
) {
  return infiniteQueryOptions({
    queryKey: [...donationQueries.all, ...key, keyFilters] as const,
    queryFn: ({ pageParam, signal }) => getDonationsPage(path, filters, pageParam, signal),
    ...cursorPaging,
    placeholderData: keepPreviousData,
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
  /** GET /user/donations: the donor's own donations, newest first. */
  mine: (filters: DonationListFilters) => donationListQuery(['mine'] as const, '/user/donations', filters),
  /** GET /charity/{id}/donations: the charity's project and direct donations. */
  ofCharity: (charityId: number, filters: DonationListFilters) =>
    donationListQuery(['charity', charityId] as const, `/charity/${charityId}/donations`, filters),
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
