import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** DELETE /membership/signoff/{id}/{userId}: the member stops being a sign-off admin. */
export function removeSignoffAdmin(input: { businessId: number; userId: number }): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/membership/signoff/${input.businessId}/${input.userId}`);
}

export function useRemoveSignoffAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSignoffAdmin,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: organisationQueries.all(input.businessId) }),
  });
}
