import type { MessageResponse } from '@kindred/shared';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /membership/signoff/{id}: the member becomes a sign-off admin. */
export function addSignoffAdmin(input: { businessId: number; userId: number }): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/membership/signoff/${input.businessId}`, { user_id: input.userId });
}

export function useAddSignoffAdmin() {
  return useRefreshingMutation(addSignoffAdmin, (input) => organisationQueries.all(input.businessId));
}
