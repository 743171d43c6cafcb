import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';

/** DELETE /project/galery/{project_id}/{image_id} (the API's spelling). */
export function deleteGalleryImage(input: { projectId: number; imageId: number }): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/project/galery/${input.projectId}/${input.imageId}`);
}

export function useDeleteGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGalleryImage,
    // Deleting the cover makes the next picture the cover: the project reloads with the gallery.
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectQueries.images(input.projectId).queryKey }),
        queryClient.invalidateQueries({
          queryKey: projectQueries.detail(input.projectId).queryKey,
          exact: true,
        }),
      ]),
  });
}
