import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';

/** DELETE /group/{id}. Silent: the screen shows the refusal. */
export function deleteGroup(id: number): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/group/${id}`, undefined, { silent: true });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: groupQueries.one(id) });
      return queryClient.invalidateQueries({ queryKey: groupQueries.all() });
    },
  });
}
