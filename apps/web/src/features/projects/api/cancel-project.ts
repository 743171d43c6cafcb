import type { Project } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useProjectMutation } from './use-project-mutation';

/** POST /project/{id}/cancel: donors get their funds back. */
export function cancelProject(id: number): Promise<Project> {
  return api.post<Project>(`/project/${id}/cancel`, undefined, { silent: true });
}

export const useCancelProject = () => useProjectMutation(cancelProject);
