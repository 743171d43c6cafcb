import type { Charity } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';
import type { CharityUpdateInput } from '../lib/charity-values';

/** PATCH /charity/{id} (silent: the profile form shows a refusal) */
export function updateCharity({ id, ...body }: CharityUpdateInput & { id: number }): Promise<Charity> {
  return api.patch<Charity>(`/charity/${id}`, body, { silent: true });
}

export function useUpdateCharity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCharity,
    onSuccess: (charity) => queryClient.setQueryData(charityQueries.detail(charity.id).queryKey, charity),
  });
}
