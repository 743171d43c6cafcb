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

export function imageUrl(base: string, variant: ImageVariant): string {
  return `${base}_${variant}.webp`;
}
