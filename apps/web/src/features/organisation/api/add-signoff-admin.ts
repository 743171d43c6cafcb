import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** POST /membership/signoff/{id}: the member becomes a sign-off admin. */
export function addSignoffAdmin(input: { businessId: number; userId: number }): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/membership/signoff/${input.businessId}`, { user_id: input.userId });
}

export function useAddSignoffAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSignoffAdmin,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: organisationQueries.all(input.businessId) }),
  });
}
