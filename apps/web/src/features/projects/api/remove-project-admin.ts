import type { MessageResponse } from '@kindred/shared';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** DELETE /membership/project/{project_id}/{user_id} */
export function removeProjectAdmin(input: { projectId: number; userId: number }): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/membership/project/${input.projectId}/${input.userId}`);
}

export function useRemoveProjectAdmin() {
  return useRefreshingMutation(
    removeProjectAdmin,
    (input) => projectQueries.admins(input.projectId).queryKey,
  );
}
