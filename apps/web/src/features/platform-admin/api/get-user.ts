import type { AdminUserDetail } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { detailQuery } from './keys';

/** GET /admin/user/{id}: a person's profile, memberships, wallet and giving. */
export function getUser(id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  return api.get<AdminUserDetail>(`/admin/user/${id}`, { signal });
}

export const userQueries = { detail: detailQuery('user', getUser) };
