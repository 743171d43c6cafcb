import type { AdminUserDetail, AdminUserUpdateBody } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useSavingMutation } from '@/lib/mutations';
import { userQueries } from './get-user';
import { platformAdminKey } from './keys';

/** PATCH /admin/user: activate, deactivate, make or unmake a platform admin, correct details. Silent. */
export function updateUser(body: AdminUserUpdateBody): Promise<AdminUserDetail> {
  return api.patch<AdminUserDetail>('/admin/user', body, { silent: true });
}

export const useUpdateUser = () =>
  useSavingMutation(updateUser, (detail) => userQueries.detail(detail.user.id).queryKey, platformAdminKey);
