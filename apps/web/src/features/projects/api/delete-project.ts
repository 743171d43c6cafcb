import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectCache } from '@/entities/project';
import { api } from '@/lib/api-client';

/** DELETE /project/{id}: Drafts only. */
export function deleteProject(id: number): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/project/${id}`, undefined, { silent: true });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; charityId: number | null }) => deleteProject(input.id),
    onSuccess: (_data, input) => projectCache.removed(queryClient, input.id, input.charityId),
  });
}
