import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../lib/periods.js';
import { createPublicCache, LISTS, projectTag } from '../lib/public-cache.js';
import { makeOrganisation, makeProject, type Person } from '../testing/factories.js';
import { useTestApp } from '../testing/helpers.js';
import { topUp } from '../testing/money.js';
import { CACHED_READS, UNCACHED_PUBLIC_READS } from './public-cache.js';

let admin: Person;
let donor: Person;
let charityId: number;
let projectId: number;
const clock = new Date();
const t = useTestApp({ publicCacheBytes: 8 * 1024 * 1024 }, { now: () => clock });
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * 86_400_000));

async function ok(method: 'POST' | 'PATCH', url: string, token: string, body: unknown) {
  const res = await t.request(method, url, { token, body });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.body}`);
  return res.json();
}

const stats = async () => (await t.request('GET', '/api/health')).json().cache;

beforeAll(async () => {
  const platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  admin = await t.createUser();
  donor = await t.createUser();
  charityId = (
    await ok('POST', '/api/charity', platform.token, {
      name: 'Cached Canal Trust',
      charity_types: [3],
      admin_email: admin.email,
    })
  ).id;
  projectId = await makeProject(t, admin, {
    title: 'Canal towpath repair',
    charityId,
    fields: { description: 'Mend the towpath between the locks.', funds_target: 50_000, end_date: day(30) },
  });
});

describe('public answers from memory', () => {
  it('answers a second anonymous read from the cache, with an ETag, public caching and 304', async () => {
    const url = '/api/explore/project/list?limit=5';
    const first = await t.request('GET', url);
    expect(first.statusCode).toBe(200);
    const before = await stats();
    // the client's cache-busting parameter and the order of the parameters make no new entry
    const second = await t.request('GET', '/api/explore/project/list?t=123&limit=5');
    expect(second.body).toBe(first.body);
    const after = await stats();
    expect(after.hits).toBe(before.hits + 1);
    expect(second.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    const again = await t.request('GET', url, { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(after.entries).toBeGreaterThan(0);
    expect(after.bytes).toBeGreaterThan(0);
    expect(after.bytes).toBeLessThanOrEqual(after.max_bytes);
  });

  it('shows an edit on the public page and in the lists once its event is handled', async () => {
    const page = await t.request('GET', `/api/project/${projectId}`);
    expect(page.json().title).toBe('Canal towpath repair');
    await t.request('GET', '/api/explore/project/list?q=towpath');
    await ok('PATCH', `/api/project/${projectId}`, admin.token, { title: 'Canal towpath rebuild' });
    expect((await t.request('GET', `/api/project/${projectId}`)).json().title).toBe('Canal towpath repair');
    await t.settle();
    expect((await t.request('GET', `/api/project/${projectId}`)).json().title).toBe('Canal towpath rebuild');
    const cards = (await t.request('GET', '/api/explore/project/list?q=towpath')).json().items;
    expect(cards.map((card: { title: string }) => card.title)).toEqual(['Canal towpath rebuild']);
  });

  it("shows a gift in the project's progress and supporters once its event is handled", async () => {
    const summary = async () => (await t.request('GET', `/api/project/${projectId}/summary`)).json();
    const supporters = async () =>
      (await t.request('GET', `/api/project/${projectId}/all-donations`)).json().items.length;
    const raised = (await summary()).funds_raised;
    const count = await supporters();
    await topUp(t, donor.token, 2500);
    const gift = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 2500 },
    });
    expect(gift.statusCode).toBe(201);
    // Until a worker takes the gift's event, the kept answer stands (the page is seconds old at most).
    expect((await summary()).funds_raised).toBe(raised);
    await t.settle();
    expect((await summary()).funds_raised + (await summary()).funds_held).toBeGreaterThan(raised);
    expect(await supporters()).toBe(count + 1);
  });

  it('gives a signed-in caller a fresh answer, kept by no one', async () => {
    const before = await stats();
    const res = await t.request('GET', `/api/project/${projectId}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await stats()).hits).toBe(before.hits);
  });

  it('keeps no error', async () => {
    const missing = await t.request('GET', '/api/project/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect((await t.request('GET', '/api/project/999999')).statusCode).toBe(404);
  });

  it('compresses JSON answers over 1 KB for a client that accepts it, kept or not', async () => {
    const plain = await t.request('GET', '/api/explore/charity/list?limit=50');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.request('GET', '/api/explore/charity/list?limit=50', {
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      if (plain.rawPayload.length >= 1024) {
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
    }
    // An uncached answer (a signed-in caller's) is compressed as it is sent.
    const openapi = await t.request('GET', '/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(openapi.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(openapi.rawPayload).toString()).openapi).toMatch(/^3\./);
    // A small one goes as it is.
    const health = await t.request('GET', '/api/health', { headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('has decided, for every public read, whether it is kept', () => {
    const publicReads = t.routes
      .filter((route) => route.method === 'GET' && route.auth === 'public' && route.url.startsWith('/api/'))
      .map((route) => route.url);
    const undecided = publicReads.filter((url) => !CACHED_READS[url] && !UNCACHED_PUBLIC_READS.has(url));
    expect(undecided).toEqual([]);
    for (const url of Object.keys(CACHED_READS)) expect(publicReads).toContain(url);
  });

  it('learns what a write changed from its events, not from the write', async () => {
    const platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
    const org = await makeOrganisation(t, platform);
    await t.settle();
    const url = `/api/project/${projectId}`;
    await t.request('GET', url);
    const misses = async () => (await stats()).misses as number;
    const kept = await misses();
    await t.request('GET', url);
    expect(await misses()).toBe(kept);
    // A write that changes nothing public (a failed sign-in) drops nothing, now or after its events.
    await t.request('POST', '/api/auth/login', {
      body: { email: donor.email, password: 'Wrong-password-1' },
    });
    await t.settle();
    await t.request('GET', url);
    expect(await misses()).toBe(kept);
    // An organisation's name shows beside its gifts: once its renaming is handled, every page is
    // answered afresh (the write itself drops nothing).
    await ok('PATCH', `/api/business/${org.id}`, org.owner.token, { name: 'Renamed Co' });
    await t.request('GET', url);
    expect(await misses()).toBe(kept);
    await t.settle();
    await t.request('GET', url);
    expect(await misses()).toBe(kept + 1);
  });
});

describe('the cache itself', () => {
  const body = (text: string) => Buffer.from(JSON.stringify({ text }));

  it('does not keep an answer computed while a change came in', () => {
    const cache = createPublicCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    const generation = cache.generation();
    cache.changed(projectTag(1));
    expect(cache.set('/a', LISTS, body('old'), 'application/json', generation)).toBeUndefined();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.set('/a', LISTS, body('new'), 'application/json', cache.generation())).toBeDefined();
    expect(cache.get('/a')?.body.toString()).toContain('new');
  });

  it('drops the entries of a tag, or all, and keeps the others', () => {
    const cache = createPublicCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    cache.set('/p1', projectTag(1), body('one'), 'application/json', cache.generation());
    cache.set('/p2', projectTag(2), body('two'), 'application/json', cache.generation());
    cache.set('/list', LISTS, body('list'), 'application/json', cache.generation());
    cache.changed(projectTag(1));
    expect(cache.get('/p1')).toBeUndefined();
    expect(cache.get('/p2')).toBeDefined();
    expect(cache.get('/list')).toBeDefined();
    cache.changed('*');
    expect(cache.stats().entries).toBe(0);
  });

  it('stays within its size, the least recently used going first', () => {
    const cache = createPublicCache({ maxBytes: 64 * 1024, ttlMs: 60_000 });
    const big = Buffer.from(JSON.stringify({ text: 'x'.repeat(4000), n: Math.random() }));
    for (let i = 0; i < 100; i++) cache.set(`/k${i}`, LISTS, big, 'application/json', cache.generation());
    expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.get('/k99')).toBeDefined();
    expect(cache.get('/k0')).toBeUndefined();
  });

  it('forgets an entry after its age limit', async () => {
    const cache = createPublicCache({ maxBytes: 1024 * 1024, ttlMs: 100 });
    cache.set('/a', LISTS, body('a'), 'application/json', cache.generation());
    expect(cache.get('/a')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(cache.get('/a')).toBeUndefined();
  });
});
