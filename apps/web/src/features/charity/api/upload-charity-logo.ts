import type { Charity } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';

/** POST /charity/logo/{id}, multipart field `file`. */
export function uploadCharityLogo(input: {
  id: number;
  file: File;
  onProgress?: (percent: number) => void;
}): Promise<Charity> {
  return api.upload<Charity>(`/charity/logo/${input.id}`, input.file, { onProgress: input.onProgress });
}

export function useUploadCharityLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCharityLogo,
    onSuccess: (charity) => queryClient.setQueryData(charityQueries.detail(charity.id).queryKey, charity),
  });
}
