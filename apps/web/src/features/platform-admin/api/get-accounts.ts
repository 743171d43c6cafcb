import type { AdminAccount, AdminGroup, AdminProject, Business, Page } from '@kindred/shared';
import type { PagePosition } from '@/components/ui/pager';
import { api } from '@/lib/api-client';
import { filteredPageAt, listPages } from './keys';

export type AccountKind = 'charities' | 'organisations' | 'projects' | 'groups';

export interface AccountFilters {
  q: string;
  /** Charities and organisations: approval status; projects: status code; groups: type code. */
  status: string;
  locked: '' | 'yes' | 'no';
}

/** GET /admin/charity_list */
export function getCharities(filters: AccountFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<AdminAccount>>('/admin/charity_list', {
    query: filteredPageAt(filters, position),
    signal,
  });
}

/** GET /admin/business_list (approved ones unless another status is chosen) */
export function getOrganisations(filters: AccountFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<Business>>('/admin/business_list', {
    query: filteredPageAt({ ...filters, status: filters.status || 'approved' }, position),
    signal,
  });
}

/** GET /admin/projects_list */
export function getProjects(filters: AccountFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<AdminProject>>('/admin/projects_list', {
    query: filteredPageAt({ q: filters.q, status: filters.status }, position),
    signal,
  });
}

/** GET /admin/group_list */
export function getGroups(filters: AccountFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<AdminGroup>>('/admin/group_list', {
    query: filteredPageAt({ q: filters.q, type: filters.status }, position),
    signal,
  });
}

export const accountQueries = {
  charities: listPages('charities', getCharities),
  organisations: listPages('organisations', getOrganisations),
  projects: listPages('projects', getProjects),
  groups: listPages('groups', getGroups),
};
