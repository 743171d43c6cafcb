import type { User } from '@kindred/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Avatar upload limits (docs/product/files-and-mail.md#uploads): png or jpeg, at most 10 MB. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg'];

export interface UploadAvatarInput {
  id: number;
  file: File;
  onProgress?: (percent: number) => void;
}

/** POST /user/avatar/{id}, multipart field `file`. */
export function uploadAvatar({ id, file, onProgress }: UploadAvatarInput): Promise<{ user: User }> {
  return api.upload<{ user: User }>(`/user/avatar/${id}`, file, { onProgress });
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
