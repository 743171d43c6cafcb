import type { Invitation, InvitationCreateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationQueries } from '@/entities/invitation';
import { api } from '@/lib/api-client';

/** POST /invitation/create. Silent: the dialog shows the refusal beside the field. */
export function createInvitation(body: InvitationCreateBody): Promise<Invitation> {
  return api.post<Invitation>('/invitation/create', body, { silent: true });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationQueries.all }),
  });
}
