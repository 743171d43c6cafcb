import type { AdminUserDetail } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { platformAdminKey } from './keys';

/** GET /admin/user/{id}: a person's profile, memberships, wallet and giving. */
export function getUser(id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  return api.get<AdminUserDetail>(`/admin/user/${id}`, { signal });
}

export const userQueries = {
  detail: (id: number) =>
    queryOptions({
      queryKey: [...platformAdminKey, 'user', id] as const,
      queryFn: ({ signal }) => getUser(id, signal),
    }),
};
