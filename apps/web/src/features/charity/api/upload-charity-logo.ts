import type { Charity } from '@kindred/shared';
import { charityQueries } from '@/entities/charity';
import { type LogoUpload, uploadLogo } from '@/lib/api-client';
import { useCachingMutation } from '@/lib/mutations';

/** POST /charity/logo/{id}, multipart field `file`. */
export const uploadCharityLogo = (input: LogoUpload) => uploadLogo<Charity>('/charity/logo', input);

export function useUploadCharityLogo() {
  return useCachingMutation(uploadCharityLogo, (charity) => charityQueries.detail(charity.id).queryKey);
}
