import type { MessageResponse } from '@kindred/shared';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** DELETE /membership/charity/{charity_id}/{user_id}: 409 LAST_ADMIN for the last admin. */
export function removeMember(input: { charityId: number; userId: number }): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/membership/charity/${input.charityId}/${input.userId}`, undefined, {
    silent: true,
  });
}

export function useRemoveMember() {
  return useRefreshingMutation(removeMember, (input) => charityQueries.members(input.charityId).queryKey);
}
