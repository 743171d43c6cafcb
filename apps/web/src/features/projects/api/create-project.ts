import type { Project, ProjectCreateBody } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useProjectMutation } from './use-project-mutation';

/** POST /project/create: a new Draft. */
export function createProject(body: ProjectCreateBody): Promise<Project> {
  return api.post<Project>('/project/create', body);
}

export const useCreateProject = () => useProjectMutation(createProject);
