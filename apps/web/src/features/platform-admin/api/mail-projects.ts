import type { AdminProjectMailsResult } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';
import { platformAdminKey } from './keys';

/** POST /admin/projects/mails: reminds each chosen project's admins, once per project per day. */
export function mailProjects(projectIds: number[]): Promise<AdminProjectMailsResult> {
  return api.post<AdminProjectMailsResult>('/admin/projects/mails', { project_ids: projectIds });
}

export function useMailProjects() {
  return useRefreshingMutation(mailProjects, () => platformAdminKey);
}
