import type { AdminExpiringProject, Page } from '@kindred/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PagePosition } from '@/components/ui/pager';
import { api } from '@/lib/api-client';
import { platformAdminKey } from './keys';

export interface ExpiringFilters {
  days: number;
  which: 'ending' | 'finished' | 'both';
}

/** GET /admin/projects/all_expire_projects: Live projects ending within `days`, and Finished ones. */
export function getExpiring(filters: ExpiringFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<AdminExpiringProject>>('/admin/projects/all_expire_projects', {
    query: {
      days: filters.days,
      which: filters.which,
      limit: 50,
      cursor: position.cursor,
      direction: position.direction,
    },
    signal,
  });
}

export const expiringQueries = {
  page: (filters: ExpiringFilters, position: PagePosition) =>
    queryOptions({
      queryKey: [...platformAdminKey, 'expiring', filters, position] as const,
      queryFn: ({ signal }) => getExpiring(filters, position, signal),
      placeholderData: keepPreviousData,
    }),
};
