import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationQueries } from '@/entities/invitation';
import { api } from '@/lib/api-client';

/** PATCH /join/remove: withdraw my own request. */
export function withdrawJoin(requestId: number): Promise<MessageResponse> {
  return api.patch<MessageResponse>('/join/remove', { request_id: requestId });
}

export function useWithdrawJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawJoin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationQueries.all }),
  });
}
