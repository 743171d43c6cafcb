import type {
  Fundraiser,
  FundraiserCard,
  FundraiserPost,
  FundraiserTeam,
  Page,
  Supporter,
} from '@kindred/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';

/** Gifts per page of a page's supporters wall. */
export const FUNDRAISER_SUPPORTERS_PAGE_SIZE = 10;
/** Updates per page on a fundraising page. */
export const FUNDRAISER_UPDATES_PAGE_SIZE = 5;
/** Pages per page of a list of pages (a person's own, a charity's). */
export const FUNDRAISER_LIST_PAGE_SIZE = 12;
/** How many of a project's pages its public page shows. */
export const PROJECT_FUNDRAISERS_SHOWN = 6;

/**
 * Reads are quiet: each screen shows a failure in place (the page a 404 as "not found"). A
 * signed-in person's token goes along, so a page's fundraiser and the charity's admins see a page
 * the charity hid. The page's parts load without the page-wide loading bar.
 */
const quiet = { silent: true } as const;
const quietPart = { silent: true, background: true } as const;

/** One keyset page from `cursor` on (newest first, or most raised first). */
const pageQuery = (limit: number, cursor: string | undefined) => ({
  limit,
  ...(cursor ? { cursor, direction: 'after' } : {}),
});

/** GET /fundraiser/{id}: a fundraising page (404 for a hidden one, but to its fundraiser and the charity). */
export function getFundraiser(id: number): Promise<Fundraiser> {
  return api.get<Fundraiser>(`/fundraiser/${id}`, quiet);
}

/**
 * GET /fundraiser/{id}/donations: the supporters wall, newest first, answered as a project's wall
 * is (a name, or "Anonymous" without the amount).
 */
export function getFundraiserDonations(id: number, cursor: string | undefined): Promise<Page<Supporter>> {
  return api.get<Page<Supporter>>(`/fundraiser/${id}/donations`, {
    ...quietPart,
    query: pageQuery(FUNDRAISER_SUPPORTERS_PAGE_SIZE, cursor),
  });
}

/** GET /fundraiser/{id}/updates: the fundraiser's news, newest first. */
export function getFundraiserUpdates(id: number, cursor: string | undefined): Promise<Page<FundraiserPost>> {
  return api.get<Page<FundraiserPost>>(`/fundraiser/${id}/updates`, {
    ...quietPart,
    query: pageQuery(FUNDRAISER_UPDATES_PAGE_SIZE, cursor),
  });
}

/** GET /user/fundraisers: the signed-in person's own pages, newest first, hidden ones too. */
export function getMyFundraisers(cursor: string | undefined): Promise<Page<FundraiserCard>> {
  return api.get<Page<FundraiserCard>>('/user/fundraisers', {
    ...quiet,
    query: pageQuery(FUNDRAISER_LIST_PAGE_SIZE, cursor),
  });
}

/** GET /project/{id}/fundraisers: a project's open pages, most raised first (the first few). */
export function getProjectFundraisers(projectId: number): Promise<Page<FundraiserCard>> {
  return api.get<Page<FundraiserCard>>(`/project/${projectId}/fundraisers`, {
    ...quietPart,
    query: { limit: PROJECT_FUNDRAISERS_SHOWN },
  });
}

/** GET /charity/{id}/fundraisers: every page for the charity or its projects (its admins), newest first. */
export function getCharityFundraisers(
  charityId: number,
  cursor: string | undefined,
): Promise<Page<FundraiserCard>> {
  return api.get<Page<FundraiserCard>>(`/charity/${charityId}/fundraisers`, {
    ...quiet,
    query: pageQuery(FUNDRAISER_LIST_PAGE_SIZE, cursor),
  });
}

/** GET /group/{id}/fundraisers: a group's team of pages, most raised first, with its total. */
export function getTeamFundraisers(groupId: number): Promise<FundraiserTeam> {
  return api.get<FundraiserTeam>(`/group/${groupId}/fundraisers`, quietPart);
}

/**
 * Fundraising pages (docs/product/fundraising-pages.md) and what belongs to them. The keys live
 * here only, all under `['fundraisers']`: a gift through a page moves the page, its wall and every
 * list it is in, so giving invalidates `fundraiserQueries.all`.
 */
export const fundraiserQueries = {
  all: ['fundraisers'] as const,
  /** One page's key: its wall and updates are keyed under it. */
  one: (id: number) => ['fundraisers', id] as const,
  detail: (id: number) =>
    queryOptions({ queryKey: fundraiserQueries.one(id), queryFn: () => getFundraiser(id) }),
  donations: (id: number) =>
    infiniteQueryOptions({
      queryKey: [...fundraiserQueries.one(id), 'donations'] as const,
      queryFn: ({ pageParam }) => getFundraiserDonations(id, pageParam),
      ...cursorPaging,
    }),
  updates: (id: number) =>
    infiniteQueryOptions({
      queryKey: [...fundraiserQueries.one(id), 'updates'] as const,
      queryFn: ({ pageParam }) => getFundraiserUpdates(id, pageParam),
      ...cursorPaging,
    }),
  /** The lists of pages (a person's, a project's, a charity's, a team's): what a saved page refreshes. */
  lists: ['fundraisers', 'list'] as const,
  mine: () =>
    infiniteQueryOptions({
      queryKey: [...fundraiserQueries.lists, 'mine'] as const,
      queryFn: ({ pageParam }) => getMyFundraisers(pageParam),
      ...cursorPaging,
    }),
  ofProject: (projectId: number) =>
    queryOptions({
      queryKey: [...fundraiserQueries.lists, 'project', projectId] as const,
      queryFn: () => getProjectFundraisers(projectId),
    }),
  ofCharity: (charityId: number) =>
    infiniteQueryOptions({
      queryKey: [...fundraiserQueries.lists, 'charity', charityId] as const,
      queryFn: ({ pageParam }) => getCharityFundraisers(charityId, pageParam),
      ...cursorPaging,
    }),
  team: (groupId: number) =>
    queryOptions({
      queryKey: [...fundraiserQueries.lists, 'team', groupId] as const,
      queryFn: () => getTeamFundraisers(groupId),
    }),
};
