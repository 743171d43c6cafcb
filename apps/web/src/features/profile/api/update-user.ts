import type { User, UserUpdateBody } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /user/update (silent: the profile form shows a refusal) */
export function updateUser(body: UserUpdateBody): Promise<{ user: User }> {
  return api.patch<{ user: User }>('/user/update', body, { silent: true });
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
