import type { Project, ProjectUpdateBody } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useProjectMutation } from './use-project-mutation';

/** PATCH /project/{id} */
export function updateProject({ id, ...body }: ProjectUpdateBody & { id: number }): Promise<Project> {
  return api.patch<Project>(`/project/${id}`, body);
}

export const useUpdateProject = () => useProjectMutation(updateProject);
