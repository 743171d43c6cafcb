import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /group/leave: the last admin names the member who takes over. Silent: the dialog shows a refusal. */
export function leaveGroup(input: { group_id: number; new_admin_id?: number }) {
  return api.post<{ code: number; message: string }>('/group/leave', input, { silent: true });
}

export function useLeaveGroup() {
  return useRefreshingMutation(leaveGroup, () => groupQueries.all());
}
