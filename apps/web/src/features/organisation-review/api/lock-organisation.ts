import type { Business } from '@kindred/shared';
import { type AccountLock, useReviewMutation } from '@/entities/account';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { organisationReviewQueries } from './get-review-organisations';

/** PATCH /admin/business/{id}/lock */
export function lockOrganisation({ id, ...body }: AccountLock): Promise<Business> {
  return api.patch<Business>(`/admin/business/${id}/lock`, body);
}

export function useLockOrganisation() {
  return useReviewMutation(
    lockOrganisation,
    (business) => organisationQueries.detail(business.id).queryKey,
    organisationReviewQueries.all(),
  );
}
