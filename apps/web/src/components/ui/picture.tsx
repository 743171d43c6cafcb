import {
  IMAGE_VARIANT_SIDES,
  IMAGE_VARIANTS,
  imageUrl,
  type PictureKind,
  pictureSrcSet,
} from '@kindred/shared';
import { Card } from '@mantine/core';
import type { CSSProperties } from 'react';

export interface PictureProps {
  /** The stored picture's URL without its variant (`/api/files/gallery/…`). */
  src: string;
  /** Which variants exist: a logo or avatar (64/256/640) or a gallery picture (320/800/1600). */
  kind: PictureKind;
  /** What the picture shows; empty when it only decorates (a name beside it says it all). */
  alt: string;
  /** The picture's box in CSS pixels, written as width and height so the page never shifts. */
  width: number;
  height: number;
  /** Fills the width of its container at the box's proportions, instead of a fixed box. */
  fluid?: boolean;
  /** How wide the picture shows at each viewport (the `sizes` attribute); its width by default. */
  sizes?: string;
  /** Above the fold: loaded at once and first. Otherwise the browser loads it when it nears view. */
  priority?: boolean;
  radius?: number | string;
  className?: string;
}

/**
 * An uploaded picture in the variants that fit: a `srcset` of `_small`, `_medium` and `_big`, the
 * box's width and height set, cropped to cover it, and lazy below the fold.
 */
export function Picture({
  src,
  kind,
  alt,
  width,
  height,
  fluid = false,
  sizes,
  priority = false,
  radius,
  className,
}: PictureProps) {
  const sides = IMAGE_VARIANT_SIDES[kind];
  const srcSet = pictureSrcSet(src, kind);
  // Without srcset support: the smallest variant that still fills the box.
  const fallback = IMAGE_VARIANTS.find((variant) => sides[variant] >= width) ?? 'big';
  const style: CSSProperties = {
    display: 'block',
    objectFit: 'cover',
    aspectRatio: `${width} / ${height}`,
    width: fluid ? '100%' : width,
    height: 'auto',
    maxWidth: '100%',
    borderRadius: radius,
    // A quiet tint while the picture loads.
    backgroundColor: 'var(--mantine-color-gray-1)',
  };
  return (
    <img
      src={imageUrl(src, fallback)}
      srcSet={srcSet}
      sizes={sizes ?? `${width}px`}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      className={className}
      style={style}
    />
  );
}

/**
 * A card's cover across its top (16:9), decoration only: the card's title names what it shows.
 * `sizes` says how wide the card shows in its grid.
 */
export function CardCover({
  src,
  kind = 'gallery',
  sizes,
}: {
  src: string;
  kind?: PictureKind;
  sizes: string;
}) {
  return (
    <Card.Section mb="sm">
      <Picture src={src} kind={kind} alt="" width={400} height={225} fluid sizes={sizes} />
    </Card.Section>
  );
}

/**
 * The picture that leads a page, across its column: loaded first, decoration only (the page's
 * heading names what it shows), at the proportions of `height` to 800.
 */
export function LeadCover({ src, height, sizes }: { src: string; height: number; sizes: string }) {
  return (
    <Picture
      src={src}
      kind="gallery"
      alt=""
      width={800}
      height={height}
      fluid
      priority
      radius={8}
      sizes={sizes}
    />
  );
}
