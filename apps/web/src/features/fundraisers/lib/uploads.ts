import { IMAGE_MIME_TYPES } from '@/lib/upload-limits';

/**
 * A page's own picture: stored like a project's gallery pictures (docs/product/files-and-mail.md#uploads),
 * PNG or JPEG up to 20 MB, checked by content on the server.
 */
export const PICTURE_MIME_TYPES = IMAGE_MIME_TYPES;
export const PICTURE_MAX_BYTES = 20 * 1024 * 1024;
