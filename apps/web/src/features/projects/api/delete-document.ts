import type { MessageResponse } from '@kindred/shared';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

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
  return useRefreshingMutation(deleteDocument, (input) => projectQueries.documents(input.projectId).queryKey);
}
