import type { GroupMemberRemoveBody, MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';

/** POST /membership/group/remove */
export function removeGroupMember(body: GroupMemberRemoveBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/membership/group/remove', body);
}

export function useRemoveGroupMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGroupMember,
    onSuccess: (_answer, input) =>
      queryClient.invalidateQueries({ queryKey: groupQueries.one(input.group_id) }),
  });
}
