import type { CharityMemberPermission, MessageResponse } from '@kindred/shared';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

export interface MemberChange {
  charityId: number;
  userId: number;
  admin_type?: 1 | 2 | 99;
  permissions?: CharityMemberPermission[];
}

/** PATCH /membership/charity/{charity_id}/{user_id} */
export function updateMember({ charityId, userId, ...body }: MemberChange): Promise<MessageResponse> {
  return api.patch<MessageResponse>(`/membership/charity/${charityId}/${userId}`, body, { silent: true });
}

export function useUpdateMember() {
  return useRefreshingMutation(updateMember, (input) => charityQueries.members(input.charityId).queryKey);
}
