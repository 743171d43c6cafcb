import type { Project } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useProjectMutation } from './use-project-mutation';

/** PATCH /project/update/{id} {status: 2}: 409 NOT_READY_TO_PUBLISH names the missing fields. */
export function publishProject(id: number): Promise<Project> {
  return api.patch<Project>(`/project/update/${id}`, { status: 2 }, { silent: true });
}

export const usePublishProject = () => useProjectMutation(publishProject);
