import type { Business } from '@kindred/shared';
import { type AccountDecision, useReviewMutation } from '@/entities/account';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { organisationReviewQueries } from './get-review-organisations';

/** POST /admin/business/pending/update. Silent: the screen says why it was refused. */
export function decideOrganisation({ id, ...decision }: AccountDecision): Promise<Business> {
  return api.post<Business>(
    '/admin/business/pending/update',
    { business_id: id, ...decision },
    { silent: true },
  );
}

export function useDecideOrganisation() {
  return useReviewMutation(
    decideOrganisation,
    (business) => organisationQueries.detail(business.id).queryKey,
    organisationReviewQueries.all(),
  );
}
