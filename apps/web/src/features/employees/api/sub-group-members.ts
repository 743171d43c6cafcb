import type { MessageResponse } from '@kindred/shared';
import { employeeGroupQueries } from '@/entities/employee-group';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

export interface SubGroupChange {
  businessId: number;
  groupId: number;
  subId: number;
  userIds: number[];
  remove?: boolean;
}

/** POST .../{subId}/users, or .../users/delete with `remove`; silent: the screen shows a refusal. */
export function changeSubGroupMembers({
  businessId,
  groupId,
  subId,
  userIds,
  remove,
}: SubGroupChange): Promise<MessageResponse> {
  const path = `/business/${businessId}/employees-group/${groupId}/${subId}/users${remove ? '/delete' : ''}`;
  return api.post<MessageResponse>(path, { user_ids: userIds }, { silent: true });
}

export function useChangeSubGroupMembers() {
  return useRefreshingMutation(changeSubGroupMembers, (input) => employeeGroupQueries.all(input.businessId));
}
