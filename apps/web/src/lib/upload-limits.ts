/** Pictures (spec §5 and §9): PNG or JPEG. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'];
/** Logos (spec §5 and §9): at most 10 MB. */
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;
