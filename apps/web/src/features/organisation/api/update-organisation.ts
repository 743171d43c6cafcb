import type { Business, BusinessUpdateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** PATCH /business/{id}. Silent: the form shows a refusal beside the fields. */
export function updateOrganisation({ id, ...body }: BusinessUpdateBody & { id: number }): Promise<Business> {
  return api.patch<Business>(`/business/${id}`, body, { silent: true });
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisation,
    onSuccess: (business) =>
      queryClient.setQueryData(organisationQueries.detail(business.id).queryKey, business),
  });
}
