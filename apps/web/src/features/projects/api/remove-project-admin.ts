import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';

/** DELETE /membership/project/{project_id}/{user_id} */
export function removeProjectAdmin(input: { projectId: number; userId: number }): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/membership/project/${input.projectId}/${input.userId}`);
}

export function useRemoveProjectAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProjectAdmin,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: projectQueries.admins(input.projectId).queryKey }),
  });
}
