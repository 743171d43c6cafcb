import type { ProjectImage } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';
import type { UploadInput } from '../lib/uploads';

/** POST /project/image/{id} */
export function uploadGalleryImage({ projectId, file, onProgress }: UploadInput): Promise<ProjectImage> {
  return api.upload<ProjectImage>(`/project/image/${projectId}`, file, { onProgress });
}

export function useUploadGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadGalleryImage,
    // The first picture is the project's cover: the project reloads with the gallery.
    onSuccess: (image) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectQueries.images(image.project_id).queryKey }),
        queryClient.invalidateQueries({
          queryKey: projectQueries.detail(image.project_id).queryKey,
          exact: true,
        }),
      ]),
  });
}
