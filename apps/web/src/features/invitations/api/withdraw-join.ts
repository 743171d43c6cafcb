import type { MessageResponse } from '@kindred/shared';
import { invitationQueries } from '@/entities/invitation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** PATCH /join/remove: withdraw my own request. */
export function withdrawJoin(requestId: number): Promise<MessageResponse> {
  return api.patch<MessageResponse>('/join/remove', { request_id: requestId });
}

export function useWithdrawJoin() {
  return useRefreshingMutation(withdrawJoin, () => invitationQueries.all);
}
