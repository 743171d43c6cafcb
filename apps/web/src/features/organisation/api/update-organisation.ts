import type { Business, BusinessUpdateBody } from '@kindred/shared';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { useCachingMutation } from '@/lib/mutations';

/** PATCH /business/{id}. Silent: the form shows a refusal beside the fields. */
export function updateOrganisation({ id, ...body }: BusinessUpdateBody & { id: number }): Promise<Business> {
  return api.patch<Business>(`/business/${id}`, body, { silent: true });
}

export function useUpdateOrganisation() {
  return useCachingMutation(
    updateOrganisation,
    (business) => organisationQueries.detail(business.id).queryKey,
  );
}
