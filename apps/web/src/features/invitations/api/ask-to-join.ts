import type { JoinCreateBody, JoinRequest } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationQueries } from '@/entities/invitation';
import { api } from '@/lib/api-client';

/** POST /join. Silent: the screen says why it was refused. */
export function askToJoin(body: JoinCreateBody): Promise<JoinRequest> {
  return api.post<JoinRequest>('/join', body, { silent: true });
}

export function useAskToJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askToJoin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationQueries.all }),
  });
}
