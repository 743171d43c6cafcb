import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { IMAGE_VARIANT_SIDES, IMAGE_VARIANTS, type ImageVariant } from '@kindred/shared';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Metadata } from 'sharp';
import { AppError } from './errors.js';
import type { FileStorage } from './storage.js';
import { isUnsafeText } from './text.js';

const MB = 1024 * 1024;

/**
 * The most pixels an uploaded image may declare. The largest variant is 1600 pixels a side, so
 * 40 megapixels (a 7700x5200 photo) is plenty; a small file declaring 16000x16000 would otherwise
 * cost seconds of CPU and hundreds of MB to decode.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Images decoded at once in this process; the others wait their turn. */
export const IMAGE_SLOTS = 2;

/**
 * sharp (libvips) is loaded with the first image: a process that only serves pages never holds it
 * (about 25 MB).
 */
let sharpLoaded: Promise<typeof import('sharp').default> | undefined;
function loadSharp() {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache would keep decoded images in memory after the request.
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

let busySlots = 0;
const waiting: Array<() => void> = [];

/** Runs image work when one of the IMAGE_SLOTS is free, so a burst of uploads cannot exhaust memory. */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busySlots >= IMAGE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busySlots++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busySlots--;
  }
}

const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const OFFICE_TYPES = [
  'application/pdf',
  'application/msword',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
const EXCEL_TYPES = [
  'application/vnd.ms-excel',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

interface UploadKind {
  label: string;
  maxBytes: number;
  /** Types recognised by their magic bytes. */
  types: string[];
  /** Whether plain text (no magic bytes: .txt, .csv) is accepted. */
  text: boolean;
  /** Longest side in pixels of each stored variant, for images. */
  variants?: Record<ImageVariant, number>;
  accepted: string;
}

/** The upload kinds and their limits (docs/product/files-and-mail.md#uploads). */
export const UPLOAD_KINDS = {
  avatar: {
    label: 'Avatar',
    maxBytes: 10 * MB,
    types: IMAGE_TYPES,
    text: false,
    variants: IMAGE_VARIANT_SIDES.avatar,
    accepted: 'PNG or JPEG',
  },
  logo: {
    label: 'Logo',
    maxBytes: 10 * MB,
    types: IMAGE_TYPES,
    text: false,
    variants: IMAGE_VARIANT_SIDES.logo,
    accepted: 'PNG or JPEG',
  },
  gallery: {
    label: 'Gallery image',
    maxBytes: 20 * MB,
    types: IMAGE_TYPES,
    text: false,
    variants: IMAGE_VARIANT_SIDES.gallery,
    accepted: 'PNG or JPEG',
  },
  document: {
    label: 'Project document',
    maxBytes: 20 * MB,
    types: OFFICE_TYPES,
    text: true,
    accepted: 'text, PDF, Word, PowerPoint or Excel',
  },
  csv: { label: 'CSV upload', maxBytes: 10 * MB, types: EXCEL_TYPES, text: true, accepted: 'CSV or Excel' },
} satisfies Record<string, UploadKind>;
export type UploadKindName = keyof typeof UPLOAD_KINDS;

export interface StoredUpload {
  /** Path under /api/files; images add `_small.webp` and so on. */
  url: string;
  key: string;
  mime: string;
  size: number;
  originalName: string;
}

/**
 * How a browser recognises a web page by its first tag (WHATWG MIME sniffing), and SVG. Such a
 * file passes as text by its bytes, but it is a web page renamed, never a document or a CSV.
 */
const MARKUP =
  /^\s*<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--|\?xml|svg)[\s>/]/i;

function looksLikeText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** Reads the one file of a multipart request, refusing it early when it passes the kind's limit. */
export async function readUpload(request: FastifyRequest, kindName: UploadKindName) {
  const kind: UploadKind = UPLOAD_KINDS[kindName];
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as multipart/form-data in the field "file".',
    );
  }
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: kind.maxBytes, files: 1 } });
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', 'The upload could not be read.', {
      fields: { file: 'Required.' },
    });
  }
  if (!file)
    throw new AppError(400, 'VALIDATION_FAILED', 'Choose a file to upload.', {
      fields: { file: 'Required.' },
    });
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        'FILE_TOO_LARGE',
        `${kind.label} files can be at most ${kind.maxBytes / MB} MB.`,
        {
          max_bytes: kind.maxBytes,
        },
      );
    }
    // The body ended before the file did (a dropped connection, a cut-off request).
    throw new AppError(400, 'VALIDATION_FAILED', 'The upload was cut off. Send the file again.', {
      fields: { file: 'The upload was cut off.' },
    });
  }
  if (isUnsafeText(file.filename)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The file name has a character that cannot be stored.', {
      fields: { file: 'Rename the file and try again.' },
    });
  }
  if (data.length === 0) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The file is empty.', {
      fields: { file: 'The file is empty.' },
    });
  }
  const detected = await fileTypeFromBuffer(data);
  let mime: string | undefined;
  if (detected && kind.types.includes(detected.mime)) mime = detected.mime;
  else if (
    !detected &&
    kind.text &&
    looksLikeText(data) &&
    !MARKUP.test(
      data
        .subarray(0, 1024)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    )
  ) {
    mime = 'text/plain';
  }
  if (!mime) {
    throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', `${kind.label} must be ${kind.accepted}.`, {
      detected: detected?.mime ?? 'unknown',
    });
  }
  return { data, mime, originalName: file.filename, kind };
}

/**
 * Decodes the image once, refusing it before decoding when it declares more than MAX_IMAGE_PIXELS
 * (413), and renders each variant from the largest one.
 */
async function renderVariants(
  data: Buffer,
  sides: Record<ImageVariant, number>,
): Promise<Array<[ImageVariant, Buffer]>> {
  const sharp = await loadSharp();
  let declared: Metadata;
  try {
    declared = await sharp(data).metadata();
  } catch {
    throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', 'The image could not be read. Try another file.');
  }
  const pixels = (declared.width ?? 0) * (declared.height ?? 0);
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new AppError(
      413,
      'IMAGE_TOO_LARGE',
      `The image is ${declared.width}x${declared.height} pixels; images can be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
      { max_pixels: MAX_IMAGE_PIXELS },
    );
  }
  try {
    const largest = Math.max(...Object.values(sides));
    const base = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    const rendered: Array<[ImageVariant, Buffer]> = [];
    for (const variant of IMAGE_VARIANTS) {
      const side = sides[variant];
      const webp = await sharp(base.data, { raw })
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      rendered.push([variant, webp]);
    }
    return rendered;
  } catch {
    throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', 'The image could not be read. Try another file.');
  }
}

/** Renders an image's `_small`, `_medium` and `_big` WebP variants, when one of the IMAGE_SLOTS is free. */
export function renderImage(
  data: Buffer,
  sides: Record<ImageVariant, number>,
): Promise<Array<[ImageVariant, Buffer]>> {
  return withImageSlot(() => renderVariants(data, sides));
}

/** Stores rendered variants under `folder/` with a new random name; answers the image's URL. */
export async function storeImage(
  storage: FileStorage,
  folder: string,
  rendered: Array<[ImageVariant, Buffer]>,
): Promise<{ url: string; key: string }> {
  const key = `${folder}/${randomUUID()}`;
  for (const [variant, buffer] of rendered) await storage.put(`${key}_${variant}.webp`, buffer);
  return { url: `/api/files/${key}`, key };
}

/** Stores an upload under `folder/`. Images are stored as `_small`, `_medium` and `_big` variants. */
export async function storeUpload(
  storage: FileStorage,
  folder: string,
  upload: Awaited<ReturnType<typeof readUpload>>,
): Promise<StoredUpload> {
  const variants = upload.kind.variants;
  let key: string;
  if (variants) {
    ({ key } = await storeImage(storage, folder, await renderImage(upload.data, variants)));
  } else {
    key = `${folder}/${randomUUID()}`;
    await storage.put(key, upload.data);
  }
  return {
    url: `/api/files/${key}`,
    key,
    mime: upload.mime,
    size: upload.data.length,
    originalName: upload.originalName,
  };
}

/** Deletes a stored upload given its URL (all variants of an image). */
export async function deleteUpload(storage: FileStorage, url: string | null | undefined): Promise<void> {
  if (!url?.startsWith('/api/files/')) return;
  const key = url.slice('/api/files/'.length);
  await Promise.all([storage.delete(key), ...IMAGE_VARIANTS.map((v) => storage.delete(`${key}_${v}.webp`))]);
}

/**
 * Replaces a row's picture (a logo, an avatar): reads and stores the new upload under `folder/`,
 * has `save` record its address, then deletes the `old` file. Answers what `save` answers.
 */
export async function replacePicture<T>(
  storage: FileStorage,
  folder: string,
  readFile: () => Promise<Upload>,
  old: string | null,
  save: (url: string) => Promise<T>,
): Promise<T> {
  const stored = await storeUpload(storage, folder, await readFile());
  const saved = await save(stored.url);
  await deleteUpload(storage, old);
  return saved;
}

export type Upload = Awaited<ReturnType<typeof readUpload>>;
/** Reads the request's file when called: services check access first, then read the upload. */
export type UploadSource = () => Promise<Upload>;
