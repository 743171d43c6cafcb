import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** POST /membership/business/{id}/delete. Silent: the members screen says why it was refused. */
export function removeMember(input: { businessId: number; userId: number }): Promise<MessageResponse> {
  return api.post<MessageResponse>(
    `/membership/business/${input.businessId}/delete`,
    { user_id: input.userId },
    { silent: true },
  );
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: organisationQueries.members(input.businessId).queryKey }),
  });
}
