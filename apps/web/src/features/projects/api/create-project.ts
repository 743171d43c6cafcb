import type { Project, ProjectCreateBody } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useProjectMutation } from './use-project-mutation';

/** POST /project/create: a new Draft (silent: the project form shows a refusal). */
export function createProject(body: ProjectCreateBody): Promise<Project> {
  return api.post<Project>('/project/create', body, { silent: true });
}

export const useCreateProject = () => useProjectMutation(createProject);
