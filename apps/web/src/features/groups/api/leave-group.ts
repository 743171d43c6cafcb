import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';

/** POST /group/leave: the last admin names the member who takes over. Silent: the dialog shows a refusal. */
export function leaveGroup(input: { group_id: number; new_admin_id?: number }) {
  return api.post<{ code: number; message: string }>('/group/leave', input, { silent: true });
}

export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupQueries.all() }),
  });
}
