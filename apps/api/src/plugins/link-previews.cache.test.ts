import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectTag } from '../lib/public-cache.js';
import { makeCharity, makeProject, type Person, platformAdmin } from '../testing/factories.js';
import { useTestApp } from '../testing/helpers.js';
import { solidImage } from '../testing/images.js';
import { multipartFile } from '../testing/multipart.js';
import { SITE_CARD } from './link-preview-tags.js';
import { linkPreviews } from './link-previews.js';
import { registerWeb } from './web.js';

/**
 * A page's link preview is kept in the public cache (decision 014) like the page's public answers,
 * and dropped by the same events: a crawler never reads a title, picture or page the app no
 * longer shows once the change's event is handled.
 */

const INDEX =
  '<!doctype html><html><head><meta name="description" content="Kindred" /><title>Kindred</title></head><body><div id="root"></div></body></html>';
const dist = mkdtempSync(path.join(os.tmpdir(), 'kindred-previews-cache-'));
writeFileSync(path.join(dist, 'index.html'), INDEX);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({
  webDist: dist,
  publicCacheBytes: 8 * 1024 * 1024,
  publicUrl: 'https://kindred.example',
});

let platform: Person;
let admin: Person;
let charityId: number;
let projectId: number;

const page = (url: string) => t.app.inject({ method: 'GET', url });
const ogTitle = async (url: string) =>
  /property="og:title" content="([^"]*)"/.exec((await page(url)).body)?.[1];
const ogImage = async (url: string) =>
  /property="og:image" content="([^"]*)"/.exec((await page(url)).body)?.[1];
const hits = async () => (await t.request('GET', '/api/health')).json().cache.hits as number;

beforeAll(async () => {
  platform = await platformAdmin(t);
  ({ id: charityId, admin } = await makeCharity(t, { name: 'Harbour Trust', platform }));
  projectId = await makeProject(t, admin, { title: 'Harbour wall', charityId });
});

describe('link previews in the public cache', () => {
  it('answers a second crawler from memory, with the same ETag', async () => {
    const first = await page(`/projects/${projectId}`);
    const before = await hits();
    const second = await page(`/projects/${projectId}`);
    expect(await hits()).toBe(before + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('shows an edit and a new cover once their events are handled', async () => {
    expect(await ogTitle(`/projects/${projectId}`)).toBe('Harbour wall');
    const edit = await t.request('PATCH', `/api/project/${projectId}`, {
      token: admin.token,
      body: { title: 'Harbour wall repair' },
    });
    expect(edit.statusCode).toBe(200);
    // Kept until the change's event is handled, as the page's public answers are.
    expect(await ogTitle(`/projects/${projectId}`)).toBe('Harbour wall');
    await t.settle();
    expect(await ogTitle(`/projects/${projectId}`)).toBe('Harbour wall repair');

    expect(await ogImage(`/projects/${projectId}`)).toBe('https://kindred.example/share-card.png');
    const picture = await t.request('POST', `/api/project/image/${projectId}`, {
      token: admin.token,
      ...multipartFile(await solidImage('png', { width: 1200, height: 800 }), 'wall.png', 'image/png'),
    });
    expect(picture.statusCode).toBe(201);
    await t.settle();
    expect(await ogImage(`/projects/${projectId}`)).toMatch(
      /^https:\/\/kindred\.example\/api\/files\/gallery\/[\w-]+_big\.webp$/,
    );
  });

  it('stops previewing the pages of a charity once it is locked', async () => {
    expect(await ogTitle(`/charities/${charityId}`)).toBe('Harbour Trust');
    expect(await ogTitle(`/projects/${projectId}`)).toBe('Harbour wall repair');
    const lock = await t.request('PATCH', `/api/admin/charity/${charityId}/lock`, {
      token: platform.token,
      body: { lock_status: true, reason: 'Checking its accounts.' },
    });
    expect(lock.statusCode).toBe(200);
    await t.settle();
    expect((await page(`/charities/${charityId}`)).body).toBe(INDEX);
    expect((await page(`/projects/${projectId}`)).body).toBe(INDEX);
  });
});

describe('a page whose public answers are not kept', () => {
  it('is previewed afresh for each request, while a page with a tag is kept', async () => {
    const loads = { kept: 0, fresh: 0 };
    const preview = (kind: 'kept' | 'fresh', id: number) => {
      loads[kind] += 1;
      return Promise.resolve({
        path: `/${kind}/${id}`,
        title: `${kind} ${id}, read ${loads[kind]} times`,
        description: 'A page.',
        picture: SITE_CARD,
      });
    };
    const app = Fastify();
    await registerWeb(
      app,
      dist,
      linkPreviews(t.ctx, {
        kept: { tag: projectTag, load: (id) => preview('kept', id) },
        fresh: { load: (id) => preview('fresh', id) },
      }),
    );
    try {
      for (let i = 0; i < 3; i++) {
        expect((await app.inject({ url: '/kept/7' })).body).toContain('kept 7, read 1 times');
        expect((await app.inject({ url: '/fresh/7' })).body).toContain(`fresh 7, read ${i + 1} times`);
      }
      expect(loads).toEqual({ kept: 1, fresh: 3 });
    } finally {
      await app.close();
    }
  });
});
