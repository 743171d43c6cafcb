import type { ProjectImpact } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';
import type { UploadInput } from '../lib/uploads';

/** POST /project/{id}/impact/image: a picture of the latest impact statement. */
export function uploadImpactImage({ projectId, file, onProgress }: UploadInput): Promise<ProjectImpact> {
  return api.upload<ProjectImpact>(`/project/${projectId}/impact/image`, file, { onProgress });
}

export function useUploadImpactImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImpactImage,
    onSuccess: (impact) =>
      queryClient.invalidateQueries({ queryKey: projectQueries.impact(impact.project_id).queryKey }),
  });
}
