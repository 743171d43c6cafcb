import type { ProjectImpact } from '@kindred/shared';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';
import type { UploadInput } from '../lib/uploads';

/** POST /project/{id}/impact/image: a picture of the latest impact statement. */
export function uploadImpactImage({ projectId, file, onProgress }: UploadInput): Promise<ProjectImpact> {
  return api.upload<ProjectImpact>(`/project/${projectId}/impact/image`, file, { onProgress });
}

/** Refreshes the project's impact (the one the file was sent to). */
export const useUploadImpactImage = () =>
  useRefreshingMutation(uploadImpactImage, (input) => projectQueries.impact(input.projectId).queryKey);
