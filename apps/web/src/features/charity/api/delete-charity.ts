import type { MessageResponse } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /charity/{id}: refused (409) while it holds funds or runs live projects. Silent: the profile says why. */
export function deleteCharity(id: number): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/charity/${id}`, undefined, { silent: true });
}

export function useDeleteCharity() {
  return useMutation({ mutationFn: deleteCharity });
}
