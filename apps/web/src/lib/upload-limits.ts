/** Pictures (docs/product/files-and-mail.md#uploads): PNG or JPEG. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'];
/** Logos (docs/product/files-and-mail.md#uploads): at most 10 MB. */
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;
