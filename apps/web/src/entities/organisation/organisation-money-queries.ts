import type {
  BusinessReportDonation,
  BusinessSubscription,
  MatchedDonation,
  MatchingPreview,
  MatchingSettings,
  MyMatching,
  OrganisationTree,
  Page,
  ReportGroup,
  TotalStatistics,
} from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DateRange } from '@/lib/date-range';

/** The organisations a report counted (the one asked about and the sub-businesses shown to the caller). */
export interface ReportScope {
  business_id: number;
  includes_sub_businesses: boolean;
  businesses: Array<{ id: number; name: string }>;
}
export type ReportDonationsPage = ReportScope & Page<BusinessReportDonation>;
export type ReportGroups = ReportScope & { items: ReportGroup[] };
export type ReportList = 'all' | 'rejected';

/** A report's query: whether it counts the sub-businesses, and its days (both included). */
export interface ReportFilter {
  includeSub: boolean;
  range: DateRange;
}

export const reportQuery = ({ includeSub, range }: ReportFilter) => ({
  include_sub_businesses: includeSub ? 'true' : 'false',
  from: range.from,
  to: range.to,
});

/**
 * Matching, reports and sub-businesses of an organisation (decision 024). Their keys live here
 * only, under `['organisations', id]` like the rest of it.
 */
export const organisationMoneyQueries = {
  matching: (id: number) =>
    queryOptions({
      queryKey: ['organisations', id, 'matching'] as const,
      queryFn: () => api.get<MatchingSettings>(`/business/${id}/matching`),
    }),
  matchedDonations: (id: number) =>
    queryOptions({
      queryKey: ['organisations', id, 'matching', 'donations'] as const,
      queryFn: () =>
        api.get<Page<MatchedDonation>>(`/business/${id}/matching/donations`, { query: { limit: 50 } }),
    }),
  myMatching: (id: number) =>
    queryOptions({
      queryKey: ['organisations', id, 'matching', 'mine'] as const,
      queryFn: () => api.get<MyMatching>(`/business/${id}/matching/mine`),
    }),
  /** What the caller's organisations would add to a one-off gift of `amount` from their wallet. */
  matchingPreview: (amount: number) =>
    queryOptions({
      queryKey: ['organisations', 'matching-preview', amount] as const,
      queryFn: ({ signal }) =>
        api.get<MatchingPreview>('/user/matching_preview', {
          query: { amount },
          signal,
          background: true,
          silent: true,
        }),
      staleTime: 30_000,
    }),
  myMatches: (id: number) =>
    queryOptions({
      queryKey: ['organisations', id, 'matching', 'mine', 'donations'] as const,
      queryFn: () =>
        api.get<Page<MatchedDonation>>(`/business/${id}/matching/mine/donations`, { query: { limit: 50 } }),
    }),
  statistics: (id: number, filter: ReportFilter) =>
    queryOptions({
      queryKey: ['organisations', id, 'reports', 'statistics', filter] as const,
      queryFn: () =>
        api.get<TotalStatistics>(`/business/total_statistics/${id}`, { query: reportQuery(filter) }),
    }),
  groups: (id: number, by: 'charity' | 'project', filter: ReportFilter) =>
    queryOptions({
      queryKey: ['organisations', id, 'reports', by, filter] as const,
      queryFn: () =>
        api.get<ReportGroups>(`/business/donations_by_${by}/${id}`, { query: reportQuery(filter) }),
    }),
  donations: (
    id: number,
    list: ReportList,
    filter: ReportFilter,
    position: { cursor?: string; direction?: 'after' | 'before' },
  ) =>
    queryOptions({
      queryKey: ['organisations', id, 'reports', 'donations', list, filter, position] as const,
      queryFn: () =>
        api.get<ReportDonationsPage>(
          list === 'rejected' ? `/business/rejected_donations/${id}` : `/business/donations/${id}`,
          { query: { ...reportQuery(filter), limit: 20, ...position } },
        ),
    }),
  subscriptions: (id: number) =>
    queryOptions({
      queryKey: ['organisations', id, 'reports', 'subscriptions'] as const,
      queryFn: () =>
        api.get<Page<BusinessSubscription>>(`/business/${id}/donation_subscriptions`, {
          query: { include_sub_businesses: 'false', limit: 50 },
        }),
    }),
  tree: (id: number) =>
    queryOptions({
      queryKey: ['organisations', id, 'tree'] as const,
      queryFn: () => api.get<OrganisationTree>(`/organisation/${id}`),
    }),
};
