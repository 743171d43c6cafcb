import type {
  MessageResponse,
  Page,
  Project,
  ProjectDocument,
  ProjectImage,
  ProjectImpact,
  ProjectPost,
} from '@kindred/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';
import { refreshProject } from './projects';

const MB = 1024 * 1024;

/** Upload limits (spec §5): gallery and impact pictures PNG or JPEG up to 20 MB; logos 10 MB. */
export const GALLERY_MAX_BYTES = 20 * MB;
export const DOCUMENT_MAX_BYTES = 20 * MB;
/** Project documents (spec §5): text, PDF, Word, PowerPoint or Excel. */
export const DOCUMENT_MIME_TYPES = [
  'text/plain',
  'text/csv',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

export interface UploadInput {
  projectId: number;
  file: File;
  onProgress?: (percent: number) => void;
}

type Items<T> = { items: T[] };

export function useProjectUpdates(id: number) {
  return useInfiniteQuery({
    queryKey: projectKeys.updates(id),
    queryFn: ({ pageParam }) =>
      api.get<Page<ProjectPost>>(`/project/updates/${id}`, { query: { limit: 10, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** POST /project/updates */
export function usePostUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { project_id: number; title: string; body: string }) =>
      api.post<ProjectPost>('/project/updates', body),
    onSuccess: (post) => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.updates(post.project_id) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.summary(post.project_id) });
    },
  });
}

export function useProjectImpacts(id: number) {
  return useQuery({
    queryKey: projectKeys.impact(id),
    queryFn: () => api.get<Items<ProjectImpact>>(`/project/${id}/impact`),
  });
}

/** POST /project/{id}/impact: publishing finishes a Live or Completed project. */
export function usePublishImpact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      projectId,
      ...body
    }: {
      projectId: number;
      title: string;
      body: string;
      beneficiaries: number | null;
    }) => api.post<ProjectImpact>(`/project/${projectId}/impact`, body),
    onSuccess: async (impact) => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.impact(impact.project_id) });
      // The project is now Finished.
      const project = await queryClient.fetchQuery({
        queryKey: projectKeys.project(impact.project_id),
        queryFn: () => api.get<Project>(`/project/${impact.project_id}`),
        staleTime: 0,
      });
      refreshProject(queryClient, project);
    },
  });
}

/** POST /project/{id}/impact/image: a picture of the latest impact statement. */
export function useUploadImpactImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, file, onProgress }: UploadInput) =>
      api.upload<ProjectImpact>(`/project/${projectId}/impact/image`, file, { onProgress }),
    onSuccess: (impact) => queryClient.invalidateQueries({ queryKey: projectKeys.impact(impact.project_id) }),
  });
}

/** POST /project/logo/{id} */
export function useUploadProjectLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, file, onProgress }: UploadInput) =>
      api.upload<Project>(`/project/logo/${projectId}`, file, { onProgress }),
    onSuccess: (project) => refreshProject(queryClient, project),
  });
}

export function useProjectImages(id: number) {
  return useQuery({
    queryKey: projectKeys.images(id),
    queryFn: () => api.get<Items<ProjectImage>>(`/project/${id}/images`),
  });
}

/** POST /project/image/{id} */
export function useUploadGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, file, onProgress }: UploadInput) =>
      api.upload<ProjectImage>(`/project/image/${projectId}`, file, { onProgress }),
    onSuccess: (image) => queryClient.invalidateQueries({ queryKey: projectKeys.images(image.project_id) }),
  });
}

/** DELETE /project/galery/{project_id}/{image_id} (the API's spelling). */
export function useDeleteGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: number; imageId: number }) =>
      api.delete<MessageResponse>(`/project/galery/${input.projectId}/${input.imageId}`),
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.images(input.projectId) }),
  });
}

export function useProjectDocuments(id: number) {
  return useQuery({
    queryKey: projectKeys.documents(id),
    queryFn: () => api.get<Items<ProjectDocument>>(`/project/${id}/documents`),
  });
}

/** POST /project/document/{id} */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, file, onProgress }: UploadInput) =>
      api.upload<ProjectDocument>(`/project/document/${projectId}`, file, { onProgress }),
    onSuccess: (document) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.documents(document.project_id) }),
  });
}

/** DELETE /project/document/{charity_id}/{project_id}/{document_id} */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { charityId: number; projectId: number; documentId: number }) =>
      api.delete<MessageResponse>(
        `/project/document/${input.charityId}/${input.projectId}/${input.documentId}`,
      ),
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.documents(input.projectId) }),
  });
}

export interface ProjectAdmin {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  admin_type: number;
}

export function useProjectAdmins(id: number, enabled = true) {
  return useQuery({
    queryKey: projectKeys.admins(id),
    queryFn: () => api.get<Items<ProjectAdmin>>(`/project/admins/${id}`),
    enabled,
  });
}

/** DELETE /membership/project/{project_id}/{user_id} */
export function useRemoveProjectAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: number; userId: number }) =>
      api.delete<MessageResponse>(`/membership/project/${input.projectId}/${input.userId}`),
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.admins(input.projectId) }),
  });
}
