import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCharity, makeProject, type Person, platformAdmin } from '../testing/factories.js';
import { useTestApp } from '../testing/helpers.js';
import { solidImage } from '../testing/images.js';
import { multipartFile } from '../testing/multipart.js';
import { DESCRIPTION_MAX } from './link-preview-tags.js';

/**
 * Link previews (docs/product/link-previews.md): a crawler that runs no JavaScript reads a public
 * page's title, summary and picture from the HTML the server sends. Each request here is a plain
 * GET with no token, as a chat app's crawler sends it, through the whole app on a real database.
 */

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

/** What the build leaves as index.html, in short: its title, description and the app's script. */
const INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Kindred: give funds, time, skills and gifts to charities and their projects." />
    <title>Kindred</title>
    <script type="module" crossorigin src="/assets/index-3fa9c1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const dist = mkdtempSync(path.join(os.tmpdir(), 'kindred-previews-'));
writeFileSync(path.join(dist, 'index.html'), INDEX);
// The build's manifest, in short: the entry, a chunk it shares, and a fundraising page's route module.
mkdirSync(path.join(dist, '.vite'));
writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-3fa9c1.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-1a2b3c.js' },
    '_fundraiser.js': { file: 'assets/fundraiser-4d5e6f.js' },
    'src/app/routes/fundraiser-screens.tsx': {
      file: 'assets/fundraiser-screens-7a8b9c.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared.js', '_fundraiser.js'],
    },
  }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const ORIGIN = 'https://give.kindred.example';
const t = useTestApp({ webDist: dist, publicUrl: ORIGIN });

let platform: Person;
let admin: Person;
let charityId: number;

/** A page as a crawler fetches it: no token, no JavaScript. */
const fetchPage = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function elements(node: Node, found: Element[] = []): Element[] {
  if ('tagName' in node) found.push(node);
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) elements(child, found);
  return found;
}
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const textOf = (element: Element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

/** The page's <head> as an HTML parser reads it. */
function headOf(res: LightMyRequestResponse) {
  const all = elements(parse(res.body));
  const head = all.find((element) => element.tagName === 'head');
  if (!head) throw new Error('no <head>');
  const inHead = elements(head);
  const meta = (key: string) =>
    inHead
      .filter((m) => m.tagName === 'meta' && (attr(m, 'property') === key || attr(m, 'name') === key))
      .map((m) => attr(m, 'content'));
  const one = (key: string) => {
    const values = meta(key);
    expect(values, key).toHaveLength(1);
    return values[0];
  };
  const titles = inHead.filter((element) => element.tagName === 'title');
  return {
    one,
    meta,
    titles: titles.map(textOf),
    canonical: inHead
      .filter((l) => l.tagName === 'link' && attr(l, 'rel') === 'canonical')
      .map((l) => attr(l, 'href')),
    scripts: all.filter((element) => element.tagName === 'script').map((s) => attr(s, 'src') ?? textOf(s)),
    openGraph: inHead.filter(
      (m) => attr(m, 'property')?.startsWith('og:') || attr(m, 'name')?.startsWith('twitter:'),
    ),
  };
}

async function upload(url: string, data: Buffer, token = admin.token) {
  const res = await t.request('POST', url, { token, ...multipartFile(data, 'picture.png', 'image/png') });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  platform = await platformAdmin(t);
  ({ id: charityId, admin } = await makeCharity(t, { name: 'River Trust', platform }));
});

describe('the HTML of a public project page', () => {
  let projectId: number;
  let cover: string;

  beforeAll(async () => {
    projectId = await makeProject(t, admin, {
      title: 'Clean-up of the river banks',
      charityId,
      fields: { summary: 'Litter picks along the Avon every Saturday morning.' },
    });
    // A wide photograph: its largest variant is 1600 pixels wide (decision 018: the first picture is the cover).
    cover = (
      await upload(
        `/api/project/image/${projectId}`,
        await solidImage('png', { width: 2400, height: 1500, background: '#3a7ca5' }),
      )
    ).url.split('?')[0];
    await upload(`/api/project/image/${projectId}`, await solidImage('png', { width: 500, height: 500 }));
  });

  it('carries its title, summary and cover picture, with the picture’s real size, for a client with no JavaScript', async () => {
    const res = await fetchPage(`/projects/${projectId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = headOf(res);
    expect(head.titles).toEqual(['Clean-up of the river banks · Kindred']);
    expect(head.one('description')).toBe('Litter picks along the Avon every Saturday morning.');
    expect(head.one('og:type')).toBe('website');
    expect(head.one('og:site_name')).toBe('Kindred');
    expect(head.one('og:title')).toBe('Clean-up of the river banks');
    expect(head.one('og:description')).toBe('Litter picks along the Avon every Saturday morning.');
    expect(head.one('og:url')).toBe(`${ORIGIN}/projects/${projectId}`);
    expect(head.canonical).toEqual([`${ORIGIN}/projects/${projectId}`]);
    expect(head.one('og:image')).toBe(`${ORIGIN}${cover}_big.webp`);
    expect(head.one('og:image:type')).toBe('image/webp');
    expect(head.one('og:image:width')).toBe('1600');
    expect(head.one('og:image:height')).toBe('1000');
    expect(head.one('og:image:alt')).toBe('Cover picture of Clean-up of the river banks');
    expect(head.one('twitter:card')).toBe('summary_large_image');
    expect(head.one('twitter:title')).toBe('Clean-up of the river banks');
    expect(head.one('twitter:description')).toBe('Litter picks along the Avon every Saturday morning.');
    expect(head.one('twitter:image')).toBe(`${ORIGIN}${cover}_big.webp`);
    // Still the app: its script runs for a person's browser.
    expect(head.scripts).toEqual(['/assets/index-3fa9c1.js']);

    // The picture named is there for anyone, at that size.
    const picture = await fetchPage(new URL(head.one('og:image') ?? '').pathname);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    const size = await sharp(picture.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([1600, 1000]);
  });

  it('describes the cover by its caption when it has one, and keeps a long summary short, at a word', async () => {
    // Captions come with the demo data; the gallery's upload call sets none.
    await t.ctx.database.db.execute(
      sql`update project_images set caption = 'Volunteers on the towpath' where url = ${cover}`,
    );
    const long = `${'Every Saturday we pick litter along the banks of the Avon, '.repeat(4)}and more.`;
    const res = await t.request('PATCH', `/api/project/${projectId}`, {
      token: admin.token,
      body: { summary: long },
    });
    expect(res.statusCode).toBe(200);
    const head = headOf(await fetchPage(`/projects/${projectId}`));
    expect(head.one('og:image:alt')).toBe('Volunteers on the towpath');
    const description = head.one('og:description') ?? '';
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description).toMatch(
      /^Every Saturday we pick litter along the banks of the Avon, Every .* [a-zA-Z]+…$/,
    );
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
    expect(head.one('twitter:description')).toBe(description);
    expect(head.one('description')).toBe(description);
  });

  it('answers again with 304 to the same ETag, and compressed to a client that asks', async () => {
    const first = await fetchPage(`/projects/${projectId}`);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await fetchPage(`/projects/${projectId}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const br = await fetchPage(`/projects/${projectId}?utm_source=chat`, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
  });
});

describe('what a title or summary cannot do', () => {
  it('stays text: quotes, ampersands, </title> and </script> never break out of the tags', async () => {
    const title = `"Fish & Chips" </title><script>alert('t')</script> night`;
    const summary = `It's </script><script>alert(1)</script>" onload="alert(2) <b>bold</b> & more`;
    const id = await makeProject(t, admin, { title, charityId, fields: { summary } });
    const res = await fetchPage(`/projects/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<b>bold');
    const head = headOf(res);
    // The parser reads back exactly what was written, inside the tags meant for it.
    expect(head.titles).toEqual([`${title} · Kindred`]);
    expect(head.one('og:title')).toBe(title);
    expect(head.one('twitter:title')).toBe(title);
    expect(head.one('og:description')).toBe(summary);
    expect(head.one('description')).toBe(summary);
    expect(head.scripts).toEqual(['/assets/index-3fa9c1.js']);
  });
});

describe('a page a visitor may not see', () => {
  it('gets the plain page, naming nothing of a draft, a cancelled or an unknown project', async () => {
    const draft = await makeProject(t, admin, {
      title: 'Secret draft plans',
      charityId,
      status: 'draft',
      fields: { summary: 'Not yet for anyone' },
    });
    await upload(`/api/project/image/${draft}`, await solidImage('png', { width: 800, height: 400 }));
    const cancelled = await makeProject(t, admin, {
      title: 'Called-off walk',
      charityId,
      status: 'cancelled',
    });
    for (const url of [
      `/projects/${draft}`,
      `/projects/${cancelled}`,
      '/projects/999999',
      '/projects/0',
      '/projects/abc',
      '/projects/99999999999',
      `/projects/${draft}/edit`,
      '/charities/999999',
    ]) {
      const res = await fetchPage(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX);
    }
    // Its owner, signed in, still sees it in the app (their browser sends no token for the page).
    const mine = await t.request('GET', `/api/project/${draft}`, { token: admin.token });
    expect(mine.json().title).toBe('Secret draft plans');
  });

  it('gets the plain page for a charity waiting for review or locked, and for its projects', async () => {
    const pending = await makeCharity(t, { name: 'Pending Pals', status: 'pending' });
    expect((await fetchPage(`/charities/${pending.id}`)).body).toBe(INDEX);

    const locked = await makeCharity(t, { name: 'Locked Lane Trust', platform });
    const project = await makeProject(t, locked.admin, { title: 'Lane lights', charityId: locked.id });
    expect(headOf(await fetchPage(`/charities/${locked.id}`)).one('og:title')).toBe('Locked Lane Trust');
    expect(headOf(await fetchPage(`/projects/${project}`)).one('og:title')).toBe('Lane lights');
    const lock = await t.request('PATCH', `/api/admin/charity/${locked.id}/lock`, {
      token: platform.token,
      body: { lock_status: true, reason: 'Checking its registration.' },
    });
    expect(lock.statusCode).toBe(200);
    expect((await fetchPage(`/charities/${locked.id}`)).body).toBe(INDEX);
    expect((await fetchPage(`/projects/${project}`)).body).toBe(INDEX);
  });
});

describe('the HTML of a public charity page', () => {
  it('carries its name, description and logo, as a small card', async () => {
    const made = await makeCharity(t, {
      name: 'Canal & River Friends',
      platform,
      fields: { description: 'We look after the canals.\n\nAnd the towpaths.' },
    });
    const logo = (
      await upload(
        `/api/charity/logo/${made.id}`,
        await solidImage('png', { width: 900, height: 600 }),
        made.admin.token,
      )
    ).logo as string;
    const head = headOf(await fetchPage(`/charities/${made.id}`));
    expect(head.titles).toEqual(['Canal & River Friends · Kindred']);
    expect(head.one('og:title')).toBe('Canal & River Friends');
    expect(head.one('og:description')).toBe('We look after the canals. And the towpaths.');
    expect(head.one('og:url')).toBe(`${ORIGIN}/charities/${made.id}`);
    expect(head.canonical).toEqual([`${ORIGIN}/charities/${made.id}`]);
    // Logos are kept at most 640 pixels a side.
    expect(head.one('og:image')).toBe(`${ORIGIN}${logo}_big.webp`);
    expect([head.one('og:image:width'), head.one('og:image:height')]).toEqual(['640', '427']);
    expect(head.one('og:image:alt')).toBe('Logo of Canal & River Friends');
    expect(head.one('twitter:card')).toBe('summary');
  });

  it('shows the site’s own card when there is no picture, and a project without a cover shows its charity’s logo', async () => {
    const plain = await makeCharity(t, { name: 'Plain Trust', platform });
    const head = headOf(await fetchPage(`/charities/${plain.id}`));
    expect(head.one('og:description')).toBe(
      'Plain Trust is a charity on Kindred: give to it and its projects.',
    );
    expect(head.one('og:image')).toBe(`${ORIGIN}/share-card.png`);
    expect(head.one('og:image:type')).toBe('image/png');
    expect([head.one('og:image:width'), head.one('og:image:height')]).toEqual(['1200', '630']);
    expect(head.one('twitter:card')).toBe('summary_large_image');

    // The card the web app ships is that size.
    const card = readFileSync(fileURLToPath(new URL('../../../web/public/share-card.png', import.meta.url)));
    const size = await sharp(card).metadata();
    expect([size.format, size.width, size.height]).toEqual(['png', 1200, 630]);

    const noCover = await makeProject(t, admin, { title: 'Bare project', charityId });
    const logo = (
      await upload(`/api/charity/logo/${charityId}`, await solidImage('png', { width: 300, height: 300 }))
    ).logo as string;
    const project = headOf(await fetchPage(`/projects/${noCover}`));
    expect(project.one('og:image')).toBe(`${ORIGIN}${logo}_big.webp`);
    expect([project.one('og:image:width'), project.one('og:image:height')]).toEqual(['300', '300']);
    expect(project.one('og:image:alt')).toBe('Logo of River Trust');
    expect(project.one('og:description')).toBe('A project that needs you.');
  });
});

describe('a new build', () => {
  it('is read again when index.html is replaced, so a page never names scripts that are gone', async () => {
    const projectId = await makeProject(t, admin, { title: 'Rebuilt page', charityId });
    expect(headOf(await fetchPage(`/projects/${projectId}`)).scripts).toEqual(['/assets/index-3fa9c1.js']);
    const rebuilt = INDEX.replace('index-3fa9c1.js', 'index-77aa00.js');
    writeFileSync(path.join(dist, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dist, 'index.html'), later, later);
    const head = headOf(await fetchPage(`/projects/${projectId}`));
    expect(head.scripts).toEqual(['/assets/index-77aa00.js']);
    expect(head.one('og:title')).toBe('Rebuilt page');
    writeFileSync(path.join(dist, 'index.html'), INDEX);
  });
});

describe('the HTML of a fundraising page', () => {
  it('carries its title, who raises for what, and its own picture; a hidden page gets the plain page', async () => {
    const projectId = await makeProject(t, admin, { charityId, title: 'Clean the river' });
    const fundraiser = await t.createUser();
    const created = await t.request('POST', '/api/fundraiser/create', {
      token: fundraiser.token,
      body: {
        project_id: projectId,
        title: 'Sam swims the "lake" <for> the river',
        story: 'I am swimming two miles of the lake to clean our river.',
        target: 50_000,
        end_date: new Date(t.ctx.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json();
    const picture = (
      await upload(
        `/api/fundraiser/${page.id}/picture`,
        await solidImage('png', { width: 1600, height: 900 }),
        fundraiser.token,
      )
    ).picture as string;
    const head = headOf(await fetchPage(`/fundraisers/${page.id}`));
    expect(head.one('og:title')).toBe('Sam swims the "lake" <for> the river');
    expect(head.one('og:description')).toBe(
      `${page.fundraiser.name} is raising money for Clean the river. I am swimming two miles of the lake to clean our river.`,
    );
    expect(head.one('og:url')).toBe(`${ORIGIN}/fundraisers/${page.id}`);
    expect(head.one('og:image')).toBe(`${ORIGIN}${picture}_big.webp`);
    expect(Number(head.one('og:image:width'))).toBeGreaterThan(Number(head.one('og:image:height')));
    expect(head.one('twitter:card')).toBe('summary_large_image');
    // The picture that leads the page is fetched with the HTML, in the sizes the page shows it.
    const preload = elements(parse((await fetchPage(`/fundraisers/${page.id}`)).body)).filter(
      (l) => l.tagName === 'link' && attr(l, 'rel') === 'preload',
    );
    expect(preload.map((l) => [attr(l, 'as'), attr(l, 'imagesizes'), attr(l, 'fetchpriority')])).toEqual([
      ['image', '(min-width: 62em) 66vw, 100vw', 'high'],
    ]);
    expect(attr(preload[0] as Element, 'imagesrcset')).toContain(`${picture}_medium.webp 800w`);
    // The page's route chunks come with the HTML too, but those the entry brings already.
    const modules = elements(parse((await fetchPage(`/fundraisers/${page.id}`)).body))
      .filter((l) => l.tagName === 'link' && attr(l, 'rel') === 'modulepreload')
      .map((l) => attr(l, 'href'));
    expect(modules).toEqual(['/assets/fundraiser-screens-7a8b9c.js', '/assets/fundraiser-4d5e6f.js']);
    const projectPage = elements(parse((await fetchPage(`/projects/${projectId}`)).body));
    expect(projectPage.filter((l) => attr(l, 'rel') === 'modulepreload')).toEqual([]);

    const hidden = await t.request('POST', `/api/fundraiser/${page.id}/hide`, {
      token: admin.token,
      body: { reason: 'This is not one of our events.' },
    });
    expect(hidden.statusCode).toBe(200);
    const plain = await fetchPage(`/fundraisers/${page.id}`);
    expect(plain.statusCode).toBe(200);
    expect(headOf(plain).openGraph).toEqual([]);
    expect(plain.body).not.toContain('Sam swims');
  });
});
