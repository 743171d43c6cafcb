import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVALIDATE } from '../plugins/web.js';
import { makeCharityWithProject, platformAdmin } from '../testing/factories.js';
import { useTestApp } from '../testing/helpers.js';
import { GOOD_CARD } from '../testing/money.js';

/**
 * Framing (docs/product/embed.md): the donate button's pages, /embed/project/{id} and
 * /embed/charity/{id}, may be framed by any site; every other page, file and API answer refuses
 * framing. A web build of two pages stands in for apps/web/dist.
 */
const dist = mkdtempSync(path.join(os.tmpdir(), 'kindred-embed-web-'));
const APP_PAGE = '<!doctype html><title>Kindred</title><div id="root"></div>';
const EMBED_PAGE = '<!doctype html><title>Give with Kindred</title><div id="root" data-embed></div>';
writeFileSync(path.join(dist, 'index.html'), APP_PAGE);
writeFileSync(path.join(dist, 'embed.html'), EMBED_PAGE);
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets', 'embed-abc123.js'), 'console.log("give");');

const t = useTestApp({ webDist: dist });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The Content-Security-Policy of an answer as directive -> sources. */
function policyOf(header: unknown): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

let projectId: number;
let charityId: number;
beforeAll(async () => {
  const platform = await platformAdmin(t);
  const made = await makeCharityWithProject(
    t,
    { name: 'Framed Trust', platform },
    { title: 'Framed project' },
  );
  projectId = made.projectId;
  charityId = made.charityId;
});

describe('the donate button’s pages', () => {
  it('serve the embed page, which any site may frame, with the rest of the policy unchanged', async () => {
    const normal = policyOf((await t.request('GET', '/')).headers['content-security-policy']);
    for (const url of [
      `/embed/project/${projectId}`,
      `/embed/charity/${charityId}`,
      `/embed/project/${projectId}/`,
      `/embed/project/${projectId}?utm_source=charity`,
      // Any id: the page itself says when it names nothing.
      '/embed/project/999999',
    ]) {
      const res = await t.request('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(EMBED_PAGE);
      // Asked about again on each load, as the app's page: a new build's page is seen at once.
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      const policy = policyOf(res.headers['content-security-policy']);
      expect(policy.get('frame-ancestors'), url).toEqual(['*']);
      // Only framing differs: scripts, calls, styles, forms and plugins are as strict as anywhere.
      for (const directive of [
        'default-src',
        'script-src',
        'connect-src',
        'style-src',
        'object-src',
        'form-action',
      ])
        expect(policy.get(directive), `${url} ${directive}`).toEqual(normal.get(directive));
    }
  });

  it('are the only answers that may be framed: pages, files and the API refuse it', async () => {
    for (const [method, url] of [
      ['GET', '/'],
      ['GET', `/projects/${projectId}`],
      ['GET', `/charities/${charityId}`],
      ['GET', '/embed.html'],
      ['GET', '/assets/embed-abc123.js'],
      ['GET', `/embed/project/${projectId}/give`],
      ['GET', '/embed/group/1'],
      ['GET', '/embed'],
      ['GET', `/api/project/${projectId}`],
      ['GET', '/api/config'],
      ['GET', `/api/embed/project/${projectId}`],
      ['POST', `/embed/project/${projectId}`],
    ] as const) {
      const res = await t.request(method, url);
      expect(policyOf(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual([
        "'none'",
      ]);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    // A longer address under /embed is the app's page (client-side routing), not the donate button's.
    expect((await t.request('GET', `/embed/project/${projectId}/give`)).body).toBe(APP_PAGE);
  });

  it('let a guest give from inside a frame on another site: no cookie, no token, nothing more asked', async () => {
    // What a browser sends from the framed page: its own origin (Kindred's), the page as referrer.
    const framed = {
      origin: 'http://localhost',
      referer: `http://localhost/embed/project/${projectId}`,
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    };
    expect((await t.request('GET', '/api/config', { headers: framed })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/project/${projectId}`, { headers: framed })).json().title).toBe(
      'Framed project',
    );
    const gift = await t.request('POST', `/api/guest/donate/project/${projectId}`, {
      headers: { ...framed, 'idempotency-key': 'framed-1' },
      body: {
        email: 'framed@example.org',
        first_name: 'Fay',
        last_name: 'Frame',
        amount: 1_500,
        card: GOOD_CARD,
      },
    });
    expect(gift.statusCode, gift.body).toBe(201);
    expect(gift.json().donation).toMatchObject({
      amount: 1_500,
      donor: { kind: 'guest', name: 'Fay Frame' },
    });
    expect((await t.request('GET', `/api/project/${projectId}`)).json().funds_raised).toBe(1_500);
  });
});
