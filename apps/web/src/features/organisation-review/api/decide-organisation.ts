import type { Business, BusinessDecisionBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { organisationReviewQueries } from './get-review-organisations';

/** POST /admin/business/pending/update. Silent: the screen says why it was refused. */
export function decideOrganisation(body: BusinessDecisionBody): Promise<Business> {
  return api.post<Business>('/admin/business/pending/update', body, { silent: true });
}

export function useDecideOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOrganisation,
    onSuccess: (business) => {
      queryClient.setQueryData(organisationQueries.detail(business.id).queryKey, business);
      return queryClient.invalidateQueries({ queryKey: organisationReviewQueries.all() });
    },
  });
}
