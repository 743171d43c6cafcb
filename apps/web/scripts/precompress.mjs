#!/usr/bin/env node
/**
 * After `vite build`: writes `name.br` (brotli, best) and `name.gz` (gzip, best) beside every text
 * file of dist/ that compression makes smaller, so the server sends them without compressing per
 * request (the API's web plugin serves them with @fastify/static's preCompressed).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(dist) {
  let before = 0;
  let after = 0;
  for (const file of files(dist)) {
    if (!TEXT.test(file)) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    before += raw.length;
    after += Math.min(br.length, raw.length);
  }
  return { before, after };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const { before, after } = precompress(dist);
  console.log(
    `precompress: ${(before / 1024).toFixed(0)} KB of text, ${(after / 1024).toFixed(0)} KB as brotli`,
  );
}
