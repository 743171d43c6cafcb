import type {
  CharityStatistics,
  Donation,
  GiftAidClaim,
  Page,
  Project,
  supporterWithoutFundsSchema,
} from '@kindred/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';
import {
  DONATIONS_PAGE_SIZE,
  type DonationListFilters,
  donationListQuery,
  donationQueries,
} from './donation-queries';

/** Someone who gave a project time, skills or gifts but no funds. */
export type SupporterWithoutFunds = z.infer<typeof supporterWithoutFundsSchema>;

/** Which of a charity's donations a list shows: all, those to its projects, or those given directly. */
export type CharityDonationScope = 'all' | 'projects' | 'direct';

/** The Gift Aid a charity has not yet claimed. */
export interface UnclaimedGiftAid {
  /** How many eligible donations. */
  donations: number;
  /** What they add up to (minor units). */
  total: number;
  /** The 25% HMRC adds (minor units). */
  gift_aid: number;
  /** Gift Aid donations not in the claim yet: their donor's declaration names no charity (decision 037). */
  awaiting_declaration: number;
  /** Gift Aid claimed before on money since refunded: the next claim deducts it (minor units). */
  adjustment: number;
}

const SCOPE_PATHS: Record<CharityDonationScope, string> = {
  all: 'donations',
  projects: 'projects_donations',
  direct: 'direct_donations',
};

/** GET /project/volunteered/{id}: a project's volunteers and skilled volunteers. */
export function getProjectVolunteers(projectId: number, cursor: string | undefined): Promise<Page<Donation>> {
  return api.get<Page<Donation>>(`/project/volunteered/${projectId}`, {
    query: { limit: DONATIONS_PAGE_SIZE, cursor },
  });
}

/** GET /project/{id}/donators_without_funds */
export function getSupportersWithoutFunds(
  projectId: number,
  cursor: string | undefined,
): Promise<Page<SupporterWithoutFunds>> {
  return api.get<Page<SupporterWithoutFunds>>(`/project/${projectId}/donators_without_funds`, {
    query: { limit: DONATIONS_PAGE_SIZE, cursor },
  });
}

/** GET /charity/total_statistics/{id} */
export function getCharityStatistics(charityId: number): Promise<CharityStatistics> {
  return api.get<CharityStatistics>(`/charity/total_statistics/${charityId}`);
}

/** GET /charity/{id}/gift_aid/unclaimed */
export function getUnclaimedGiftAid(charityId: number): Promise<UnclaimedGiftAid> {
  return api.get<UnclaimedGiftAid>(`/charity/${charityId}/gift_aid/unclaimed`);
}

/** GET /charity/{id}/gift_aid/claims: one keyset page, newest first. */
export function getGiftAidClaims(charityId: number, cursor: string | undefined): Promise<Page<GiftAidClaim>> {
  return api.get<Page<GiftAidClaim>>(`/charity/${charityId}/gift_aid/claims`, {
    query: { limit: DONATIONS_PAGE_SIZE, cursor },
  });
}

/** GET /charity/projects/{id}: the charity's projects (the newest 100), to filter donations by. */
export function getProjectChoices(charityId: number): Promise<Page<Project>> {
  return api.get<Page<Project>>(`/charity/projects/${charityId}`, { query: { limit: 100 } });
}

/**
 * What a charity's admins see of the donations they received: its lists, a project's donations and
 * supporters, its statistics and Gift Aid. Every key sits under `donationQueries.all`, so acting on
 * donations (which invalidates `all`) refreshes each of them.
 */
export const charityDonationQueries = {
  /** GET /charity/{id}/donations, /projects_donations or /direct_donations. */
  list: (charityId: number, scope: CharityDonationScope, filters: DonationListFilters) => {
    if (scope === 'all') return donationQueries.ofCharity(charityId, filters);
    // The shape of `ofCharity`'s key, the scope beside the filters, so either list fits one type.
    const keyFilters = { ...filters, given_to: scope } as DonationListFilters;
    const path = `/charity/${charityId}/${SCOPE_PATHS[scope]}`;
    return donationListQuery(['charity', charityId] as const, path, filters, keyFilters);
  },
  /** GET /project/{id}/donations: a project's donations (its managers). */
  ofProject: (projectId: number, filters: DonationListFilters) =>
    donationListQuery(['project', projectId] as const, `/project/${projectId}/donations`, filters),
  volunteers: (projectId: number) =>
    infiniteQueryOptions({
      queryKey: [...donationQueries.all, 'project', projectId, 'volunteers'] as const,
      queryFn: ({ pageParam }) => getProjectVolunteers(projectId, pageParam),
      ...cursorPaging,
    }),
  withoutFunds: (projectId: number) =>
    infiniteQueryOptions({
      queryKey: [...donationQueries.all, 'project', projectId, 'without-funds'] as const,
      queryFn: ({ pageParam }) => getSupportersWithoutFunds(projectId, pageParam),
      ...cursorPaging,
    }),
  statistics: (charityId: number) =>
    queryOptions({
      queryKey: [...donationQueries.all, 'charity', charityId, 'statistics'] as const,
      queryFn: () => getCharityStatistics(charityId),
    }),
  /** Everything of a charity's Gift Aid (invalidate after a claim). */
  giftAid: (charityId: number) => [...donationQueries.all, 'charity', charityId, 'gift-aid'] as const,
  unclaimedGiftAid: (charityId: number) =>
    queryOptions({
      queryKey: [...charityDonationQueries.giftAid(charityId), 'unclaimed'] as const,
      queryFn: () => getUnclaimedGiftAid(charityId),
    }),
  giftAidClaims: (charityId: number) =>
    infiniteQueryOptions({
      queryKey: [...charityDonationQueries.giftAid(charityId), 'claims'] as const,
      queryFn: ({ pageParam }) => getGiftAidClaims(charityId, pageParam),
      ...cursorPaging,
    }),
  /** The charity's projects to filter by (under the charity's project lists, which refresh it). */
  projectChoices: (charityId: number) =>
    queryOptions({
      queryKey: [...projectQueries.allOfCharity(charityId), 'donation-filter'] as const,
      queryFn: () => getProjectChoices(charityId).then((page) => page.items),
    }),
};
