import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from './precompress.mjs';

describe('precompress', () => {
  const dist = mkdtempSync(join(tmpdir(), 'kindred-dist-'));
  after(() => rmSync(dist, { recursive: true, force: true }));

  it('writes brotli and gzip copies of text files that shrink, and leaves pictures and tiny files alone', () => {
    mkdirSync(join(dist, 'assets'));
    const js = 'export const give = () => "Successfully donated!";\n'.repeat(200);
    writeFileSync(join(dist, 'assets', 'index-abc.js'), js);
    writeFileSync(join(dist, 'tiny.css'), 'a{}');
    writeFileSync(join(dist, 'logo.png'), Buffer.alloc(4096, 7));
    const { before, after: compressed } = precompress(dist);
    assert.equal(before, js.length);
    assert.ok(compressed < before / 10);
    const file = join(dist, 'assets', 'index-abc.js');
    assert.equal(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), js);
    assert.equal(gunzipSync(readFileSync(`${file}.gz`)).toString(), js);
    assert.equal(existsSync(join(dist, 'tiny.css.br')), false);
    assert.equal(existsSync(join(dist, 'logo.png.br')), false);
  });
});
