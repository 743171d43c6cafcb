import type { AdminProjectDetail } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { detailQuery } from './keys';

/** GET /admin/project/{id}: a project with its admins, progress and last reminder. */
export function getProject(id: number, signal?: AbortSignal): Promise<AdminProjectDetail> {
  return api.get<AdminProjectDetail>(`/admin/project/${id}`, { signal });
}

export const adminProjectQueries = { detail: detailQuery('project', getProject) };
