import type { ProjectDocument } from '@kindred/shared';
import { projectQueries } from '@/entities/project';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';
import type { UploadInput } from '../lib/uploads';

/** POST /project/document/{id} */
export function uploadDocument({ projectId, file, onProgress }: UploadInput): Promise<ProjectDocument> {
  return api.upload<ProjectDocument>(`/project/document/${projectId}`, file, { onProgress });
}

/** Refreshes the project's documents (the one the file was sent to). */
export const useUploadDocument = () =>
  useRefreshingMutation(uploadDocument, (input) => projectQueries.documents(input.projectId).queryKey);
