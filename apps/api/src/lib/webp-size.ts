import type { Readable } from 'node:stream';

/**
 * The width and height of a WebP image from its first bytes (the RIFF container's first chunk),
 * without decoding it: what a link preview states of a stored picture (decision 048). Every stored
 * picture is a WebP variant rendered by sharp (lib/uploads.ts): lossy (`VP8 `), lossless (`VP8L`)
 * or extended (`VP8X`, with alpha or metadata).
 */
export const WEBP_HEAD_BYTES = 30;

export interface PictureSize {
  width: number;
  height: number;
}

/** The size the header states, or undefined when the bytes are not a WebP image's first 30. */
export function webpSize(head: Buffer): PictureSize | undefined {
  if (head.length < WEBP_HEAD_BYTES) return undefined;
  if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // A key frame's start code, then 14-bit width and height (the top two bits are the scale).
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return undefined;
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // The signature byte, then width - 1 and height - 1 in 14 bits each, least significant first.
    if (head[20] !== 0x2f) return undefined;
    const bits = head.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // The canvas: width - 1 and height - 1 in 24 bits each.
    return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}

/** The first `bytes` of a stream (fewer when it is shorter); the rest is not read. */
export async function readHead(stream: Readable, bytes = WEBP_HEAD_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}
