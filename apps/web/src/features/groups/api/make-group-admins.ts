import type { GroupMakeAdminsBody, GroupMember } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';

/** POST /membership/group/make_admins: answers the admins. */
export function makeGroupAdmins(body: GroupMakeAdminsBody): Promise<{ items: GroupMember[] }> {
  return api.post<{ items: GroupMember[] }>('/membership/group/make_admins', body);
}

export function useMakeGroupAdmins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeGroupAdmins,
    onSuccess: (_answer, input) =>
      queryClient.invalidateQueries({ queryKey: groupQueries.one(input.group_id) }),
  });
}
