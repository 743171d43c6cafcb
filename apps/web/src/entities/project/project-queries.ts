import type {
  Page,
  Project,
  ProjectDocument,
  ProjectImage,
  ProjectImpact,
  ProjectPost,
  ProjectSummary,
} from '@kindred/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cursorPaging, partQuery } from '@/lib/query-parts';

type Items<T> = { items: T[] };

/** A charity's projects in one status, or the ones Finished by their end date ('expired'). */
export type CharityProjectStatus = number | 'expired';

export interface ProjectAdmin {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  admin_type: number;
}

const CHARITY_PROJECTS_PAGE_SIZE = 20;

/**
 * The calls the public page and the project admin screen share have one fetcher each, so one cache
 * entry. They are quiet: each screen shows a failure in place (the public page a 404 as "not
 * found"). A signed-in person's token still goes along, so the people who run a project see it
 * before it is Live. The project's parts load without the page-wide loading bar.
 */
const quiet = { silent: true } as const;
const quietPart = { silent: true, background: true } as const;

/** GET /project/{id} */
export function getProject(id: number): Promise<Project> {
  return api.get<Project>(`/project/${id}`, quiet);
}

/** GET /project/{id}/summary: the counters of what the project received. */
export function getProjectSummary(id: number): Promise<ProjectSummary> {
  return api.get<ProjectSummary>(`/project/${id}/summary`, quietPart);
}

/** GET /project/updates/{id}: one keyset page of updates, newest first. */
export function getProjectUpdates(
  id: number,
  pageSize: number,
  cursor: string | undefined,
): Promise<Page<ProjectPost>> {
  return api.get<Page<ProjectPost>>(`/project/updates/${id}`, {
    ...quietPart,
    query: { limit: pageSize, ...(cursor ? { cursor, direction: 'after' } : {}) },
  });
}

/** GET /project/{id}/impact */
export function getProjectImpact(id: number): Promise<Items<ProjectImpact>> {
  return api.get<Items<ProjectImpact>>(`/project/${id}/impact`, quietPart);
}

/** GET /project/{id}/images */
export function getProjectImages(id: number): Promise<Items<ProjectImage>> {
  return api.get<Items<ProjectImage>>(`/project/${id}/images`, quietPart);
}

/** GET /project/{id}/documents */
export function getProjectDocuments(id: number): Promise<Items<ProjectDocument>> {
  return api.get<Items<ProjectDocument>>(`/project/${id}/documents`, quietPart);
}

/** GET /project/admins/{id} (the people who run it; its managers only). */
export function getProjectAdmins(id: number): Promise<Items<ProjectAdmin>> {
  return api.get<Items<ProjectAdmin>>(`/project/admins/${id}`);
}

/** GET /charity/projects/{id}/{status} or GET /charity/{id}/expired_projects: one keyset page. */
export function getCharityProjects(
  charityId: number,
  status: CharityProjectStatus,
  cursor: string | undefined,
): Promise<Page<Project>> {
  const path =
    status === 'expired'
      ? `/charity/${charityId}/expired_projects`
      : `/charity/projects/${charityId}/${status}`;
  return api.get<Page<Project>>(path, { query: { limit: CHARITY_PROJECTS_PAGE_SIZE, cursor } });
}

/**
 * A project and its parts. The keys live here only: one project is `['projects', id]` for every
 * screen, its parts sit under it, so invalidating `projectQueries.all(id)` refreshes all of them.
 */
/** One project's key: everything of the project is keyed under it. */
const projectKey = (id: number) => ['projects', id] as const;

export const projectQueries = {
  all: projectKey,
  detail: (id: number) =>
    queryOptions({ queryKey: [...projectQueries.all(id)] as const, queryFn: () => getProject(id) }),
  summary: partQuery(projectKey, 'summary', getProjectSummary),
  /** Every page size of a project's updates (for invalidation). */
  allUpdates: (id: number) => [...projectQueries.all(id), 'updates'] as const,
  updates: (id: number, pageSize: number) =>
    infiniteQueryOptions({
      queryKey: [...projectQueries.allUpdates(id), pageSize] as const,
      queryFn: ({ pageParam }) => getProjectUpdates(id, pageSize, pageParam),
      ...cursorPaging,
    }),
  impact: partQuery(projectKey, 'impact', getProjectImpact),
  images: partQuery(projectKey, 'images', getProjectImages),
  documents: partQuery(projectKey, 'documents', getProjectDocuments),
  admins: partQuery(projectKey, 'admins', getProjectAdmins),
  /** Every status list of one charity's projects (for invalidation). */
  allOfCharity: (charityId: number) => ['projects', 'of-charity', charityId] as const,
  ofCharity: (charityId: number, status: CharityProjectStatus) =>
    infiniteQueryOptions({
      queryKey: [...projectQueries.allOfCharity(charityId), status] as const,
      queryFn: ({ pageParam }) => getCharityProjects(charityId, status, pageParam),
      ...cursorPaging,
    }),
};
