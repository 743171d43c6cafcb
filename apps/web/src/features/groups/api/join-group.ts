import type { GroupJoinResult } from '@kindred/shared';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /group/join: status 1 a request waits for the admins, 2 joined. Silent: the form shows a refusal. */
export function joinGroup(pin: string): Promise<GroupJoinResult> {
  return api.post<GroupJoinResult>('/group/join', { pin }, { silent: true });
}

export function useJoinGroup() {
  return useRefreshingMutation(joinGroup, () => groupQueries.all());
}
