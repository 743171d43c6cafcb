import type { Group } from '@kindred/shared';
import { groupQueries } from '@/entities/group';
import { type LogoUpload, uploadLogo } from '@/lib/api-client';
import { useCachingMutation } from '@/lib/mutations';

/** POST /group/logo/{id}, multipart field `file`. */
export const uploadGroupLogo = (input: LogoUpload) => uploadLogo<Group>('/group/logo', input);

export function useUploadGroupLogo() {
  return useCachingMutation(uploadGroupLogo, (group) => groupQueries.detail(group.id).queryKey);
}
