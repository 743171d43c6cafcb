import type { JoinDecideBody, JoinRequest } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { charityQueries } from '@/entities/charity';
import { invitationQueries } from '@/entities/invitation';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** PATCH /join: an admin accepts or declines a request to join. */
export function decideJoin(body: JoinDecideBody): Promise<JoinRequest> {
  return api.patch<JoinRequest>('/join', body);
}

export function useDecideJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideJoin,
    onSuccess: async (request) => {
      await queryClient.invalidateQueries({ queryKey: invitationQueries.all });
      if (request.target_type === 'business')
        await queryClient.invalidateQueries({
          queryKey: organisationQueries.members(request.target_id).queryKey,
        });
      else
        await queryClient.invalidateQueries({ queryKey: charityQueries.members(request.target_id).queryKey });
    },
  });
}
