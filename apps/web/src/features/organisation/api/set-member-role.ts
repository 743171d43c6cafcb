import type { MessageResponse } from '@kindred/shared';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

export interface RoleChange {
  businessId: number;
  user_id: number;
  admin_type: 1 | 2 | 99;
}

/** POST /membership/business/{id}/set. Silent: the members screen says why it was refused. */
export function setMemberRole({ businessId, ...body }: RoleChange): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/membership/business/${businessId}/set`, body, { silent: true });
}

export function useSetMemberRole() {
  return useRefreshingMutation(
    setMemberRole,
    (input) => organisationQueries.members(input.businessId).queryKey,
  );
}
