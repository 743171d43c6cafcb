import type { Business } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { organisationReviewQueries } from './get-review-organisations';

/** PATCH /admin/business/{id}/lock */
export function lockOrganisation(input: {
  id: number;
  lock_status: boolean;
  reason?: string;
}): Promise<Business> {
  const { id, ...body } = input;
  return api.patch<Business>(`/admin/business/${id}/lock`, body);
}

export function useLockOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockOrganisation,
    onSuccess: (business) => {
      queryClient.setQueryData(organisationQueries.detail(business.id).queryKey, business);
      return queryClient.invalidateQueries({ queryKey: organisationReviewQueries.all() });
    },
  });
}
