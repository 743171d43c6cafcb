import sharp from 'sharp';

/** A picture of one colour in the format asked for, as a person would upload a logo or a photo. */
export function solidImage(
  format: 'png' | 'jpeg' | 'webp',
  {
    width = 40,
    height = 30,
    background = '#2a7f62',
  }: { width?: number; height?: number; background?: string } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}
