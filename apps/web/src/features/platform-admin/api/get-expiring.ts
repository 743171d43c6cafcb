import type { AdminExpiringProject, Page } from '@kindred/shared';
import type { PagePosition } from '@/components/ui/pager';
import { api } from '@/lib/api-client';
import { listPages, pageAt } from './keys';

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
      ...pageAt(position, 50),
    },
    signal,
  });
}

export const expiringQueries = { page: listPages('expiring', getExpiring) };
