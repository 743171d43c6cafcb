import type { Project } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useProjectMutation } from './use-project-mutation';

/** POST /project/{id}/complete: its funds move to the charity's funds. */
export function completeProject(id: number): Promise<Project> {
  return api.post<Project>(`/project/${id}/complete`, undefined, { silent: true });
}

export const useCompleteProject = () => useProjectMutation(completeProject);
