import type { Invitation, MembershipPatchBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationQueries } from '@/entities/invitation';
import { reloadMemberships } from '@/entities/session';
import { api } from '@/lib/api-client';

/** PATCH /membership: accept or decline an invitation sent to my email. */
export function respondInvitation(body: MembershipPatchBody): Promise<Invitation> {
  return api.patch<Invitation>('/membership', body);
}

export function useRespondInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondInvitation,
    onSuccess: async (invitation) => {
      await queryClient.invalidateQueries({ queryKey: invitationQueries.all });
      if (invitation.status === 'accepted') await reloadMemberships();
    },
  });
}
