import type { Project } from '@kindred/shared';
import { api } from '@/lib/api-client';
import type { UploadInput } from '../lib/uploads';
import { useProjectMutation } from './use-project-mutation';

/** POST /project/logo/{id} */
export function uploadProjectLogo({ projectId, file, onProgress }: UploadInput): Promise<Project> {
  return api.upload<Project>(`/project/logo/${projectId}`, file, { onProgress });
}

export const useUploadProjectLogo = () => useProjectMutation(uploadProjectLogo);
