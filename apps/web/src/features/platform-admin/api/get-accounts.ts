import type { AdminAccount, AdminGroup, AdminProject, Business, Page } from '@kindred/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PagePosition } from '@/components/ui/pager';
import { api } from '@/lib/api-client';
import { platformAdminKey } from './keys';

export type AccountKind = 'charities' | 'organisations' | 'projects' | 'groups';

export interface AccountFilters {
  q: string;
  /** Charities and organisations: approval status; projects: status code; groups: type code. */
  status: string;
  locked: '' | 'yes' | 'no';
}

const page = (position: PagePosition) => ({
  limit: 20,
  cursor: position.cursor,
  direction: position.direction,
});

/** GET /admin/charity_list */
export function getCharities(filters: AccountFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<AdminAccount>>('/admin/charity_list', {
    query: {
      q: filters.q || undefined,
      status: filters.status || undefined,
      locked: filters.locked || undefined,
      ...page(position),
    },
    signal,
  });
}

/** GET /admin/business_list (approved ones unless another status is chosen) */
export function getOrganisations(filters: AccountFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<Business>>('/admin/business_list', {
    query: {
      q: filters.q || undefined,
      status: filters.status || 'approved',
      locked: filters.locked || undefined,
      ...page(position),
    },
    signal,
  });
}

/** GET /admin/projects_list */
export function getProjects(filters: AccountFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<AdminProject>>('/admin/projects_list', {
    query: { q: filters.q || undefined, status: filters.status || undefined, ...page(position) },
    signal,
  });
}

/** GET /admin/group_list */
export function getGroups(filters: AccountFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<AdminGroup>>('/admin/group_list', {
    query: { q: filters.q || undefined, type: filters.status || undefined, ...page(position) },
    signal,
  });
}

export const accountQueries = {
  charities: (filters: AccountFilters, position: PagePosition) =>
    queryOptions({
      queryKey: [...platformAdminKey, 'charities', filters, position] as const,
      queryFn: ({ signal }) => getCharities(filters, position, signal),
      placeholderData: keepPreviousData,
    }),
  organisations: (filters: AccountFilters, position: PagePosition) =>
    queryOptions({
      queryKey: [...platformAdminKey, 'organisations', filters, position] as const,
      queryFn: ({ signal }) => getOrganisations(filters, position, signal),
      placeholderData: keepPreviousData,
    }),
  projects: (filters: AccountFilters, position: PagePosition) =>
    queryOptions({
      queryKey: [...platformAdminKey, 'projects', filters, position] as const,
      queryFn: ({ signal }) => getProjects(filters, position, signal),
      placeholderData: keepPreviousData,
    }),
  groups: (filters: AccountFilters, position: PagePosition) =>
    queryOptions({
      queryKey: [...platformAdminKey, 'groups', filters, position] as const,
      queryFn: ({ signal }) => getGroups(filters, position, signal),
      placeholderData: keepPreviousData,
    }),
};
