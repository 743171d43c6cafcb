import type { AdminUser, Page } from '@kindred/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PagePosition } from '@/components/ui/pager';
import { api } from '@/lib/api-client';
import { platformAdminKey } from './keys';

export interface UserFilters {
  q: string;
  status: '' | 'active' | 'not_activated' | 'deactivated' | 'deleted';
  platform_admin: '' | 'yes' | 'no';
}

/** GET /admin/user_list: people by name or email, filtered, newest first. */
export function getUsers(filters: UserFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<AdminUser>>('/admin/user_list', {
    query: {
      q: filters.q || undefined,
      status: filters.status || undefined,
      platform_admin: filters.platform_admin || undefined,
      limit: 20,
      cursor: position.cursor,
      direction: position.direction,
    },
    signal,
  });
}

export const userListQueries = {
  all: () => [...platformAdminKey, 'users'] as const,
  page: (filters: UserFilters, position: PagePosition) =>
    queryOptions({
      queryKey: [...userListQueries.all(), filters, position] as const,
      queryFn: ({ signal }) => getUsers(filters, position, signal),
      placeholderData: keepPreviousData,
    }),
};
