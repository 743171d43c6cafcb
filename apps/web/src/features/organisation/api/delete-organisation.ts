import type { MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** DELETE /business/{id} (its Super Admin). Silent: the profile says why it was refused. */
export function deleteOrganisation(id: number): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/business/${id}`, undefined, { silent: true });
}

export function useDeleteOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganisation,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: organisationQueries.all(id) }),
  });
}
