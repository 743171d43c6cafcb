import type { AdminProjectMailsResult } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { platformAdminKey } from './keys';

/** POST /admin/projects/mails: reminds each chosen project's admins, once per project per day. */
export function mailProjects(projectIds: number[]): Promise<AdminProjectMailsResult> {
  return api.post<AdminProjectMailsResult>('/admin/projects/mails', { project_ids: projectIds });
}

export function useMailProjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mailProjects,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformAdminKey }),
  });
}
