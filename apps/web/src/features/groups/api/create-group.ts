import type { Group, GroupCreateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';

/** POST /group/create. Silent: the form shows a refusal beside the fields. */
export function createGroup(body: Partial<GroupCreateBody>): Promise<Group> {
  return api.post<Group>('/group/create', body, { silent: true });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(groupQueries.detail(group.id).queryKey, group);
      return queryClient.invalidateQueries({ queryKey: groupQueries.all() });
    },
  });
}
