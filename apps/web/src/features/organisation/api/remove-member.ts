import type { MessageResponse } from '@kindred/shared';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /membership/business/{id}/delete. Silent: the members screen says why it was refused. */
export function removeMember(input: { businessId: number; userId: number }): Promise<MessageResponse> {
  return api.post<MessageResponse>(
    `/membership/business/${input.businessId}/delete`,
    { user_id: input.userId },
    { silent: true },
  );
}

export function useRemoveMember() {
  return useRefreshingMutation(
    removeMember,
    (input) => organisationQueries.members(input.businessId).queryKey,
  );
}
