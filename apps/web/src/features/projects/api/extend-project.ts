import type { Project } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useProjectMutation } from './use-project-mutation';

/** PATCH /project/extend/{id} */
export function extendProject(input: { id: number; end_date: string }): Promise<Project> {
  return api.patch<Project>(`/project/extend/${input.id}`, { end_date: input.end_date }, { silent: true });
}

export const useExtendProject = () => useProjectMutation(extendProject);
