import type { AdminUserDetail, AdminUserUpdateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueries } from './get-user';
import { platformAdminKey } from './keys';

/** PATCH /admin/user: activate, deactivate, make or unmake a platform admin, correct details. Silent. */
export function updateUser(body: AdminUserUpdateBody): Promise<AdminUserDetail> {
  return api.patch<AdminUserDetail>('/admin/user', body, { silent: true });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (detail) => {
      queryClient.setQueryData(userQueries.detail(detail.user.id).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: platformAdminKey });
    },
  });
}
