import type { AdminUserDetail } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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

export function useEraseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseUser,
    onSuccess: (detail) => {
      queryClient.setQueryData(userQueries.detail(detail.user.id).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: platformAdminKey });
    },
  });
}
