import type { Group } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';

/** POST /group/{id}/generate_new_pin: the old PIN stops working. */
export function regeneratePin(id: number): Promise<Group> {
  return api.post<Group>(`/group/${id}/generate_new_pin`, {});
}

export function useRegeneratePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regeneratePin,
    onSuccess: (group) => queryClient.setQueryData(groupQueries.detail(group.id).queryKey, group),
  });
}
