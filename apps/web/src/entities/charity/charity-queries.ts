import type { Charity, CharityMember, Page, Project } from '@kindred/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { accountQueries } from '@/entities/account';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';

export interface CharityFunds {
  charity_id: number;
  charity_funds: number;
  project_funds: number;
  /** Delivered money the charity can be paid out. */
  available: number;
  /** Set aside from its funds and its projects': disputes, and refunds on their way to a card. */
  held: number;
  /** Given back to givers, in all. */
  refunded: number;
  /** Paid out to the charity's bank, in all. */
  paid_out: number;
  /** Payouts asked for or approved, not yet paid: out of the charity's funds while they wait. */
  payouts_waiting: number;
  currency: string;
}

const PAGE_SIZE = 20;

/**
 * GET /charity/{id}: one cache entry for every screen (the charity admin area and the public page),
 * so a change made in one shows in the other. Quiet: each screen shows a failure in place (a 404 on
 * the public page as "not found").
 */
export function getCharity(id: number): Promise<Charity> {
  return api.get<Charity>(`/charity/${id}`, { silent: true });
}

/** GET /charity/users/{id} */
export function getCharityMembers(id: number): Promise<{ items: CharityMember[] }> {
  return api.get<{ items: CharityMember[] }>(`/charity/users/${id}`);
}

/** GET /charity/funds/{id} (view_finance) */
export function getCharityFunds(id: number): Promise<CharityFunds> {
  return api.get<CharityFunds>(`/charity/funds/${id}`);
}

/** GET /charity/associated_requests/{id}: projects asking the charity to take them on. */
export function getAssociationRequests(
  charityId: number,
  cursor: string | undefined,
): Promise<Page<Project>> {
  return api.get<Page<Project>>(`/charity/associated_requests/${charityId}`, {
    query: { limit: PAGE_SIZE, cursor },
  });
}

/** GET /charity/list?q=: approved charities by name (an organisation's charity subscription). */
export function searchCharities(q: string, signal?: AbortSignal): Promise<Page<Charity>> {
  return api.get<Page<Charity>>('/charity/list', {
    query: { q: q || undefined, limit: 20 },
    signal,
    background: true,
  });
}

const { part, ...accountKeys } = accountQueries('charities', getCharity, getCharityMembers);

/** A charity and what belongs to it. Their keys live here only, all under `['charities', id]`. */
export const charityQueries = {
  /** Everything of one charity: invalidating it refreshes its detail, members, funds and requests. */
  ...accountKeys,
  funds: part('funds', getCharityFunds),
  associationRequests: (id: number) =>
    infiniteQueryOptions({
      queryKey: [...accountKeys.all(id), 'association-requests'] as const,
      queryFn: ({ pageParam }) => getAssociationRequests(id, pageParam),
      ...cursorPaging,
    }),
  search: (q: string) =>
    queryOptions({
      queryKey: ['charities', 'search', q] as const,
      queryFn: ({ signal }) => searchCharities(q, signal),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
};

/** The public page of a charity. */
export const publicCharityPath = (id: number) => `/charities/${id}`;
/** The charity's donate button: the giving page other sites may frame (docs/product/embed.md). */
export const embedCharityPath = (id: number) => `/embed/charity/${id}`;
