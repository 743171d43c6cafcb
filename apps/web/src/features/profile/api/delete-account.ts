import type { DeleteAccountBody, MessageResponse } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /user/{id} with the password in the body. Silent: the form shows a refusal. */
export function deleteAccount({ id, ...body }: DeleteAccountBody & { id: number }): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/user/${id}`, body, { silent: true });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
