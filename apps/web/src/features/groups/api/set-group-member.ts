import type { GroupMemberSetBody, MessageResponse } from '@kindred/shared';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /membership/group/{id}/set: accept (2) or decline (3) a request, or make a member an admin or not. */
export function setGroupMember({
  id,
  ...body
}: GroupMemberSetBody & { id: number }): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/membership/group/${id}/set`, body);
}

export function useSetGroupMember() {
  return useRefreshingMutation(setGroupMember, (input) => groupQueries.one(input.id));
}
