import type { Business, SubBusinessCreateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationMoneyQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** POST /organisation/sub_business. Silent: the dialog shows a refusal beside the fields. */
export function addSubBusiness(body: SubBusinessCreateBody): Promise<Business> {
  return api.post<Business>('/organisation/sub_business', body, { silent: true });
}

export function useAddSubBusiness(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubBusiness,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: organisationMoneyQueries.tree(rootId).queryKey }),
  });
}
