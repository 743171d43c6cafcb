import type { Project, ProjectUpdateBody } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useProjectMutation } from './use-project-mutation';

/** PATCH /project/{id} (silent: the project form shows a refusal) */
export function updateProject({ id, ...body }: ProjectUpdateBody & { id: number }): Promise<Project> {
  return api.patch<Project>(`/project/${id}`, body, { silent: true });
}

export const useUpdateProject = () => useProjectMutation(updateProject);
