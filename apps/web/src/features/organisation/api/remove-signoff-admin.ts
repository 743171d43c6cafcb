import type { MessageResponse } from '@kindred/shared';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** DELETE /membership/signoff/{id}/{userId}: the member stops being a sign-off admin. */
export function removeSignoffAdmin(input: { businessId: number; userId: number }): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/membership/signoff/${input.businessId}/${input.userId}`);
}

export function useRemoveSignoffAdmin() {
  return useRefreshingMutation(removeSignoffAdmin, (input) => organisationQueries.all(input.businessId));
}
