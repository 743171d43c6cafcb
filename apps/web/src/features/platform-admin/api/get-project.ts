import type { AdminProjectDetail } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { platformAdminKey } from './keys';

/** GET /admin/project/{id}: a project with its admins, progress and last reminder. */
export function getProject(id: number, signal?: AbortSignal): Promise<AdminProjectDetail> {
  return api.get<AdminProjectDetail>(`/admin/project/${id}`, { signal });
}

export const adminProjectQueries = {
  detail: (id: number) =>
    queryOptions({
      queryKey: [...platformAdminKey, 'project', id] as const,
      queryFn: ({ signal }) => getProject(id, signal),
    }),
};
