import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, registerWeb } from './web.js';

let dist: string;
let app: FastifyInstance;
const script = `console.log(${JSON.stringify('a giving platform '.repeat(400))});`;
const page = `<!doctype html><html><head><script src="/assets/index-3fa9c1.js"></script></head><body>${'<p>Give</p>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'kindred-web-'));
  await mkdir(path.join(dist, 'assets'));
  // What the build leaves: each text file with its brotli and gzip copies.
  for (const [name, text] of [
    ['index.html', page],
    ['assets/index-3fa9c1.js', script],
  ] as const) {
    await writeFile(path.join(dist, name), text);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await registerWeb(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends hashed assets as brotli to a browser that takes it, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-3fa9c1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the plain file to one that asks for neither', async () => {
    const gz = await app.inject({ url: '/assets/index-3fa9c1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({
      url: '/assets/index-3fa9c1.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has the page revalidated every time, at / and on every client-side route', async () => {
    for (const url of ['/', '/explore', '/projects/12']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      const body =
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(body, url).toBe(page);
    }
    const etag = (await app.inject({ url: '/' })).headers.etag;
    expect(etag).toBeTruthy();
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('revalidates unhashed files, and answers a missing asset or API path with the error format', async () => {
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe(REVALIDATE);
    expect(await readFile(path.join(dist, 'favicon.svg'), 'utf8')).toBe(icon.body);
    const missing = await app.inject({ url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('ROUTE_NOT_FOUND');
    const api = await app.inject({ url: '/api/nothing' });
    expect(api.json().error.code).toBe('ROUTE_NOT_FOUND');
  });
});
