import type { Business } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

/** POST /business/logo/{id}, multipart field `file`. */
export function uploadOrganisationLogo(input: {
  id: number;
  file: File;
  onProgress?: (percent: number) => void;
}): Promise<Business> {
  return api.upload<Business>(`/business/logo/${input.id}`, input.file, { onProgress: input.onProgress });
}

export function useUploadOrganisationLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadOrganisationLogo,
    onSuccess: (business) =>
      queryClient.setQueryData(organisationQueries.detail(business.id).queryKey, business),
  });
}
