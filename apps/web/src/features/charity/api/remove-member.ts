import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';

/** DELETE /membership/charity/{charity_id}/{user_id}: 409 LAST_ADMIN for the last admin. */
export function removeMember(input: { charityId: number; userId: number }): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/membership/charity/${input.charityId}/${input.userId}`, undefined, {
    silent: true,
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: charityQueries.members(input.charityId).queryKey }),
  });
}
