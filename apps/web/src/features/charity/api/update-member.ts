import type { CharityMemberPermission, MessageResponse } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';

export interface MemberChange {
  charityId: number;
  userId: number;
  admin_type?: 1 | 2 | 99;
  permissions?: CharityMemberPermission[];
}

/** PATCH /membership/charity/{charity_id}/{user_id} */
export function updateMember({ charityId, userId, ...body }: MemberChange): Promise<MessageResponse> {
  return api.patch<MessageResponse>(`/membership/charity/${charityId}/${userId}`, body, { silent: true });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: charityQueries.members(input.charityId).queryKey }),
  });
}
