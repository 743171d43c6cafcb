/**
 * A page's own picture (docs/product/fundraising-pages.md): PNG, JPEG or WebP, checked by content
 * on the server, up to 20 MB like the other photographs (docs/product/files-and-mail.md#uploads).
 */
export const PICTURE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const PICTURE_MAX_BYTES = 20 * 1024 * 1024;
