import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readHead, WEBP_HEAD_BYTES, webpSize } from './webp-size.js';

const picture = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 42, g: 127, b: 98, alpha: 0.5 } } });

describe('the size of a WebP picture from its header', () => {
  it('reads lossy, lossless and extended (alpha, metadata) pictures as sharp writes them', async () => {
    const cases = [
      { name: 'lossy', image: await picture(1600, 900).webp({ quality: 82 }).toBuffer(), w: 1600, h: 900 },
      {
        name: 'lossless',
        image: await picture(333, 1001).webp({ lossless: true }).toBuffer(),
        w: 333,
        h: 1001,
      },
      { name: 'alpha', image: await picture(640, 427, 4).webp({ quality: 82 }).toBuffer(), w: 640, h: 427 },
      {
        name: 'metadata',
        image: await picture(17, 9000).webp().withMetadata().toBuffer(),
        w: 17,
        h: 9000,
      },
    ];
    for (const { name, image, w, h } of cases) {
      expect(webpSize(image.subarray(0, WEBP_HEAD_BYTES)), name).toEqual({ width: w, height: h });
    }
  });

  it('says nothing of what is not a WebP picture, or too little of one', async () => {
    const png = await picture(40, 30).png().toBuffer();
    const webp = await picture(40, 30).webp().toBuffer();
    expect(webpSize(png.subarray(0, WEBP_HEAD_BYTES))).toBeUndefined();
    expect(webpSize(webp.subarray(0, 20))).toBeUndefined();
    expect(webpSize(Buffer.alloc(WEBP_HEAD_BYTES))).toBeUndefined();
  });

  it('reads only the head of a stream, across chunks', async () => {
    const webp = await picture(800, 450).webp().toBuffer();
    const chunks = [webp.subarray(0, 7), webp.subarray(7, 19), webp.subarray(19)];
    const stream = Readable.from(chunks);
    const head = await readHead(stream);
    expect(head).toHaveLength(WEBP_HEAD_BYTES);
    expect(webpSize(head)).toEqual({ width: 800, height: 450 });
    expect(stream.destroyed).toBe(true);
  });
});
