import type { Charity } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';
import { reviewQueries } from './get-review-charities';

/** PATCH /admin/charity/{id}/lock */
export function lockCharity(input: { id: number; lock_status: boolean; reason?: string }): Promise<Charity> {
  const { id, ...body } = input;
  return api.patch<Charity>(`/admin/charity/${id}/lock`, body);
}

export function useLockCharity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockCharity,
    onSuccess: (charity) => {
      queryClient.setQueryData(charityQueries.detail(charity.id).queryKey, charity);
      return queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
    },
  });
}
