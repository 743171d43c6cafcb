import type { AdminUser, Page } from '@kindred/shared';
import type { PagePosition } from '@/components/ui/pager';
import { api } from '@/lib/api-client';
import { filteredPageAt, listPages, platformAdminKey } from './keys';

export interface UserFilters {
  q: string;
  status: '' | 'active' | 'not_activated' | 'deactivated' | 'deleted';
  platform_admin: '' | 'yes' | 'no';
}

/** GET /admin/user_list: people by name or email, filtered, newest first. */
export function getUsers(filters: UserFilters, position: PagePosition, signal?: AbortSignal) {
  return api.get<Page<AdminUser>>('/admin/user_list', {
    query: filteredPageAt(filters, position),
    signal,
  });
}

export const userListQueries = {
  all: () => [...platformAdminKey, 'users'] as const,
  page: listPages('users', getUsers),
};
