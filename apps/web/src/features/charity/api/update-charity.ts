import type { Charity } from '@kindred/shared';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';
import { useCachingMutation } from '@/lib/mutations';
import type { CharityUpdateInput } from '../lib/charity-values';

/** PATCH /charity/{id} (silent: the profile form shows a refusal) */
export function updateCharity({ id, ...body }: CharityUpdateInput & { id: number }): Promise<Charity> {
  return api.patch<Charity>(`/charity/${id}`, body, { silent: true });
}

export function useUpdateCharity() {
  return useCachingMutation(updateCharity, (charity) => charityQueries.detail(charity.id).queryKey);
}
