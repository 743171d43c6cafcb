import type { Group } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupQueries } from '@/entities/group';
import { api } from '@/lib/api-client';

/** POST /group/logo/{id}, multipart field `file`. */
export function uploadGroupLogo(input: {
  id: number;
  file: File;
  onProgress?: (percent: number) => void;
}): Promise<Group> {
  return api.upload<Group>(`/group/logo/${input.id}`, input.file, { onProgress: input.onProgress });
}

export function useUploadGroupLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadGroupLogo,
    onSuccess: (group) => queryClient.setQueryData(groupQueries.detail(group.id).queryKey, group),
  });
}
