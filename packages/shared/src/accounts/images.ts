/** Image variants stored for every uploaded image: `${avatar}_small.webp` and so on. */
export const IMAGE_VARIANTS = ['small', 'medium', 'big'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];
/**
 * The longest side in pixels of each stored variant, per kind of picture: avatars and logos are
 * small squares, gallery pictures (a project's cover among them) are photographs. Never enlarged.
 */
export const IMAGE_VARIANT_SIDES = {
  avatar: { small: 64, medium: 256, big: 640 },
  logo: { small: 64, medium: 256, big: 640 },
  gallery: { small: 320, medium: 800, big: 1600 },
} as const satisfies Record<string, Record<ImageVariant, number>>;
export type PictureKind = keyof typeof IMAGE_VARIANT_SIDES;

/**
 * One variant of a stored image. A file that is not public comes signed for its viewer
 * (`…?u=…&e=…&s=…`, the API's decision 035): the variant goes before the signature, which covers
 * every variant.
 */
/** Every stored variant of a picture with its width, for an image's `srcset`. */
export function pictureSrcSet(src: string, kind: PictureKind): string {
  const sides = IMAGE_VARIANT_SIDES[kind];
  return IMAGE_VARIANTS.map((variant) => `${imageUrl(src, variant)} ${sides[variant]}w`).join(', ');
}

/**
 * How wide a fundraising page's leading picture shows: two thirds of a wide window, all of a
 * narrow one. The page's image and the preload its HTML carries say the same, so the browser
 * fetches the picture once, early.
 */
export const FUNDRAISER_PICTURE_SIZES = '(min-width: 62em) 66vw, 100vw';

export function imageUrl(base: string, variant: ImageVariant): string {
  const query = base.indexOf('?');
  if (query === -1) return `${base}_${variant}.webp`;
  return `${base.slice(0, query)}_${variant}.webp${base.slice(query)}`;
}
