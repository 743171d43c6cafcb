import type {
  Charity,
  Page,
  Project,
  ProjectDocument,
  ProjectImage,
  ProjectImpact,
  ProjectPost,
  ProjectSummary,
} from '@kindred/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The calls of the public pages. They are public; a signed-in person's token still goes along,
 * so the people who run a project also see it before it is Live. Failures are shown on the page
 * (a 404 as "not found"), not as toasts.
 */
const quiet = { silent: true } as const;

export const UPDATES_PAGE_SIZE = 5;

export const getProject = (id: number) => api.get<Project>(`/project/${id}`, quiet);
export const getProjectSummary = (id: number) => api.get<ProjectSummary>(`/project/${id}/summary`, quiet);
export const getProjectImpact = (id: number) =>
  api.get<{ items: ProjectImpact[] }>(`/project/${id}/impact`, { ...quiet, background: true });
export const getProjectImages = (id: number) =>
  api.get<{ items: ProjectImage[] }>(`/project/${id}/images`, { ...quiet, background: true });
export const getProjectDocuments = (id: number) =>
  api.get<{ items: ProjectDocument[] }>(`/project/${id}/documents`, { ...quiet, background: true });
export const getProjectUpdates = (id: number, cursor: string | undefined) =>
  api.get<Page<ProjectPost>>(`/project/updates/${id}`, {
    ...quiet,
    background: true,
    query: { limit: UPDATES_PAGE_SIZE, ...(cursor ? { cursor, direction: 'after' } : {}) },
  });
export const getCharity = (id: number) => api.get<Charity>(`/charity/${id}`, quiet);

export const useProject = (id: number) =>
  useQuery({ queryKey: ['public', 'project', id], queryFn: () => getProject(id) });
export const useProjectSummary = (id: number, enabled: boolean) =>
  useQuery({ queryKey: ['public', 'project', id, 'summary'], queryFn: () => getProjectSummary(id), enabled });
export const useProjectImpact = (id: number, enabled: boolean) =>
  useQuery({ queryKey: ['public', 'project', id, 'impact'], queryFn: () => getProjectImpact(id), enabled });
export const useProjectImages = (id: number, enabled: boolean) =>
  useQuery({ queryKey: ['public', 'project', id, 'images'], queryFn: () => getProjectImages(id), enabled });
export const useProjectDocuments = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['public', 'project', id, 'documents'],
    queryFn: () => getProjectDocuments(id),
    enabled,
  });
export const useProjectUpdates = (id: number, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: ['public', 'project', id, 'updates'],
    queryFn: ({ pageParam }) => getProjectUpdates(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
export const useCharity = (id: number) =>
  useQuery({ queryKey: ['public', 'charity', id], queryFn: () => getCharity(id) });
