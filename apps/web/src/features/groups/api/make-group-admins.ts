import type { GroupMakeAdminsBody, GroupMember } from '@kindred/shared';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /membership/group/make_admins: answers the admins. */
export function makeGroupAdmins(body: GroupMakeAdminsBody): Promise<{ items: GroupMember[] }> {
  return api.post<{ items: GroupMember[] }>('/membership/group/make_admins', body);
}

export function useMakeGroupAdmins() {
  return useRefreshingMutation(makeGroupAdmins, (input) => groupQueries.one(input.group_id));
}
