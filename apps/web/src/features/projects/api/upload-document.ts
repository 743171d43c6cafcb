import type { ProjectDocument } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';
import type { UploadInput } from '../lib/uploads';

/** POST /project/document/{id} */
export function uploadDocument({ projectId, file, onProgress }: UploadInput): Promise<ProjectDocument> {
  return api.upload<ProjectDocument>(`/project/document/${projectId}`, file, { onProgress });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (document) =>
      queryClient.invalidateQueries({ queryKey: projectQueries.documents(document.project_id).queryKey }),
  });
}
