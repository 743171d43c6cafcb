import type { GroupMemberRemoveBody, MessageResponse } from '@kindred/shared';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /membership/group/remove */
export function removeGroupMember(body: GroupMemberRemoveBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/membership/group/remove', body);
}

export function useRemoveGroupMember() {
  return useRefreshingMutation(removeGroupMember, (input) => groupQueries.one(input.group_id));
}
