import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';

export interface DeleteDocumentInput {
  charityId: number;
  projectId: number;
  documentId: number;
}

/** DELETE /project/document/{charity_id}/{project_id}/{document_id} */
export function deleteDocument({
  charityId,
  projectId,
  documentId,
}: DeleteDocumentInput): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/project/document/${charityId}/${projectId}/${documentId}`);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: projectQueries.documents(input.projectId).queryKey }),
  });
}
