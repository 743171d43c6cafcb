import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/helpers.js';
import { solidImage } from '../testing/images.js';
import { API_LIMITS } from './security.js';

/**
 * The limits of decision 035 on the whole app with limits on: the web app's files and uploaded
 * pictures are never limited; API calls count per account when signed in, per address otherwise.
 */
let t: TestApp;
let dist: string;
let picture: string;

const OFFICE = '203.0.113.50';
const from = (url: string, remoteAddress: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'kindred-limits-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Kindred</title>');
  await writeFile(path.join(dist, 'assets', 'index-3fa9c1.js'), 'console.log("kindred")');
  t = await createTestApp({ rateLimits: true, webDist: dist });
  // A charity's logo, as an upload stores it.
  const logo = await solidImage('webp', { width: 8, height: 8, background: '#7f2a62' });
  await t.ctx.storage.put('logos/3b1f0c2e-limits_small.webp', logo);
  picture = '/api/files/logos/3b1f0c2e-limits_small.webp';
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('rate limits', () => {
  it("never answers the web app's files, its pages or public pictures with 429, however many", async () => {
    const urls = ['/assets/index-3fa9c1.js', '/explore', '/', picture];
    const statuses = new Set<number>();
    for (let i = 0; i < API_LIMITS.perAddress + 200; i++) {
      const res = await from(urls[i % urls.length] ?? '/', OFFICE);
      statuses.add(res.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('stops an anonymous flood from one address, but not the people signed in behind it, each with their own budget', async () => {
    const flood = '198.51.100.77';
    for (let i = 0; i < API_LIMITS.perAddress; i++) {
      const res = await from('/api/config', flood);
      if (res.statusCode !== 200) throw new Error(`call ${i}: ${res.statusCode}`);
    }
    const refused = await from('/api/config', flood);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // Another address is not slowed down.
    expect((await from('/api/config', '198.51.100.78')).statusCode).toBe(200);

    // Two people signed in behind the flooded address: each counts on their own account.
    const ada = await t.createUser();
    const ben = await t.createUser();
    const first = await from('/api/user/get', flood, ada.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe(String(API_LIMITS.perAccount));
    expect(first.headers['x-ratelimit-remaining']).toBe(String(API_LIMITS.perAccount - 1));
    const again = await from('/api/user/get', flood, ada.token);
    expect(again.headers['x-ratelimit-remaining']).toBe(String(API_LIMITS.perAccount - 2));
    const other = await from('/api/user/get', flood, ben.token);
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe(String(API_LIMITS.perAccount - 1));
    // A signed-in person's public calls count on their account too.
    expect((await from('/api/config', flood, ben.token)).statusCode).toBe(200);
  });
});
