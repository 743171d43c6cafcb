import type { AdminUserDetail } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useSavingMutation } from '@/lib/mutations';
import { userQueries } from './get-user';
import { platformAdminKey } from './keys';

/** POST /admin/user/{id}/erase: erases a person on request; their donations stay, anonymised. Silent. */
export function eraseUser(input: { id: number; reason: string }): Promise<AdminUserDetail> {
  return api.post<AdminUserDetail>(
    `/admin/user/${input.id}/erase`,
    { reason: input.reason },
    { silent: true },
  );
}

export const useEraseUser = () =>
  useSavingMutation(eraseUser, (detail) => userQueries.detail(detail.user.id).queryKey, platformAdminKey);
