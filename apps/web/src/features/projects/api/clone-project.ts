import type { Project } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useProjectMutation } from './use-project-mutation';

/** POST /project/clone: a new Draft copy. */
export function cloneProject(id: number): Promise<Project> {
  return api.post<Project>('/project/clone', { project_id: id }, { silent: true });
}

export const useCloneProject = () => useProjectMutation(cloneProject);
