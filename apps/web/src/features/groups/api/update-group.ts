import type { Group, GroupUpdateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';

/** PATCH /group/update/{id}. Silent: the form shows a refusal beside the fields. */
export function updateGroup({ id, ...body }: GroupUpdateBody & { id: number }): Promise<Group> {
  return api.patch<Group>(`/group/update/${id}`, body, { silent: true });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(groupQueries.detail(group.id).queryKey, group);
      return queryClient.invalidateQueries({ queryKey: groupQueries.all() });
    },
  });
}
