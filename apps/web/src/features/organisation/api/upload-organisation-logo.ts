import type { Business } from '@kindred/shared';
import { organisationQueries } from '@/entities/organisation';
import { type LogoUpload, uploadLogo } from '@/lib/api-client';
import { useCachingMutation } from '@/lib/mutations';

/** POST /business/logo/{id}, multipart field `file`. */
export const uploadOrganisationLogo = (input: LogoUpload) => uploadLogo<Business>('/business/logo', input);

export function useUploadOrganisationLogo() {
  return useCachingMutation(
    uploadOrganisationLogo,
    (business) => organisationQueries.detail(business.id).queryKey,
  );
}
