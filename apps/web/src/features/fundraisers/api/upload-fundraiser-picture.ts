import type { Fundraiser } from '@kindred/shared';
import { fundraiserQueries } from '@/entities/fundraiser';
import { api } from '@/lib/api-client';
import { useSavingMutation } from '@/lib/mutations';

export interface FundraiserPictureInput {
  id: number;
  file: File;
  onProgress?: (percent: number) => void;
}

/** POST /fundraiser/{id}/picture, multipart field `picture`: the page with its new picture. */
export function uploadFundraiserPicture({
  id,
  file,
  onProgress,
}: FundraiserPictureInput): Promise<Fundraiser> {
  return api.upload<Fundraiser>(`/fundraiser/${id}/picture`, file, {
    field: 'picture',
    ...(onProgress ? { onProgress } : {}),
  });
}

export const useUploadFundraiserPicture = () =>
  useSavingMutation(
    uploadFundraiserPicture,
    (page) => fundraiserQueries.detail(page.id).queryKey,
    fundraiserQueries.lists,
  );
