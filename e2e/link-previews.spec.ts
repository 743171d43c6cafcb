import {
  apiLogin,
  apiPost,
  DEMO,
  expectAccessible,
  journeySetUp,
  RIVER_CLEAN_UP,
  riverCleanUp,
} from './support/app';
import { type APIRequestContext, expect, type Page, test } from './support/test';

/**
 * Link previews and sharing (docs/product/link-previews.md): a chat app's crawler, which runs no
 * JavaScript, reads a public page's title, summary and picture from its HTML; a visitor shares the
 * page from its share row.
 */

journeySetUp();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const fromHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '');

/** A page's HTML as a crawler gets it: Playwright's request (no browser, no JavaScript). */
async function crawl(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { 'user-agent': 'WhatsApp/2.23 (link preview)' } });
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/html/);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const tag = (key: string) => {
    const found = [...head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)]
      .filter((match) => match[1] === key)
      .map((match) => fromHtml(match[2] ?? ''));
    return found.length === 1 ? found[0] : found.length === 0 ? undefined : found;
  };
  return {
    tag,
    title: fromHtml(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    openGraphCount: [...head.matchAll(/(property="og:|name="twitter:)/g)].length,
  };
}

/** The size a browser decodes a picture at. */
function pictureSize(page: Page, url: string) {
  return page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, url);
}

test('a crawler with no JavaScript reads the preview of a project and of its charity, and nothing of a draft', async ({
  page,
  baseURL,
}) => {
  const projectId = await riverCleanUp(page);
  const project = (await (await page.request.get(`/api/project/${projectId}`)).json()) as {
    summary: string;
    charity: { id: number; name: string };
  };

  await test.step('the project: its title, summary, address and cover, at the size it has', async () => {
    const preview = await crawl(page.request, `/projects/${projectId}`);
    expect(preview.title).toBe(`${RIVER_CLEAN_UP} · Kindred`);
    expect(preview.tag('og:title')).toBe(RIVER_CLEAN_UP);
    expect(preview.tag('twitter:title')).toBe(RIVER_CLEAN_UP);
    expect(preview.tag('og:site_name')).toBe('Kindred');
    expect(preview.tag('og:type')).toBe('website');
    expect(preview.tag('og:description')).toBe(project.summary);
    expect(preview.tag('description')).toBe(project.summary);
    expect(preview.tag('og:url')).toBe(`${baseURL}/projects/${projectId}`);
    expect(preview.canonical).toBe(`${baseURL}/projects/${projectId}`);
    expect(preview.tag('twitter:card')).toBe('summary_large_image');
    expect(preview.tag('og:image:alt')).toBe('Clean-up of the river banks with River Trust');
    const image = String(preview.tag('og:image'));
    expect(image).toMatch(new RegExp(`^${baseURL}/api/files/gallery/[\\w-]+_big\\.webp$`));
    expect(preview.tag('twitter:image')).toBe(image);
    // The picture is there for anyone, at the size the tags state.
    await page.goto('/api/health');
    expect(await pictureSize(page, image)).toEqual([
      Number(preview.tag('og:image:width')),
      Number(preview.tag('og:image:height')),
    ]);
  });

  await test.step('its charity: its name, what it says of itself, and its logo', async () => {
    const preview = await crawl(page.request, `/charities/${project.charity.id}`);
    expect(preview.tag('og:title')).toBe(project.charity.name);
    expect(preview.tag('og:url')).toBe(`${baseURL}/charities/${project.charity.id}`);
    expect(String(preview.tag('og:description')).length).toBeGreaterThan(10);
    expect(preview.tag('og:image:alt')).toBe(`Logo of ${project.charity.name}`);
    expect(preview.tag('twitter:card')).toBe('summary');
    const logo = String(preview.tag('og:image'));
    expect(await pictureSize(page, logo)).toEqual([
      Number(preview.tag('og:image:width')),
      Number(preview.tag('og:image:height')),
    ]);
  });

  await test.step('a draft and an unknown project get the plain page, naming nothing', async () => {
    const charity = await apiLogin(page.request, DEMO.charity);
    const draft = await apiPost<{ id: number }>(page, charity.token, '/project/create', {
      title: 'Quiet plans for the weir',
      charity_id: project.charity.id,
      summary: 'Not for anyone yet.',
    });
    for (const path of [`/projects/${draft.id}`, '/projects/987654']) {
      const preview = await crawl(page.request, path);
      expect(preview.title, path).toBe('Kindred');
      expect(preview.openGraphCount, path).toBe(0);
      expect(preview.canonical, path).toBeUndefined();
    }
    // The site's own card, for a page with no picture, is a real picture of the size stated.
    expect(await pictureSize(page, '/share-card.png')).toEqual([1200, 630]);
  });
});

test('a visitor copies a project’s link and finds it in each way to share', async ({
  page,
  context,
  baseURL,
}) => {
  const projectId = await riverCleanUp(page);
  const address = `${baseURL}/projects/${projectId}`;
  await page.goto(`/projects/${projectId}?utm_source=newsletter`);
  await expect(page.getByRole('heading', { level: 1, name: RIVER_CLEAN_UP })).toBeVisible();
  const share = page.getByRole('group', { name: 'Share this project' });
  await expect(share).toBeVisible();

  // Without the clipboard's permission the browser refuses: the address waits, selected, to copy by hand.
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Your browser did not let us copy it.');
  const byHand = share.getByRole('textbox', { name: 'Copy this link' });
  await expect(byHand).toHaveValue(address);
  await expect(byHand).toBeFocused();
  await expectAccessible(page, 'project page: copy by hand');

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied.');
  await expect(byHand).toBeHidden();
  // The page's own address, without the query it was opened with.
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  const href = async (name: string) =>
    new URL((await share.getByRole('link', { name }).getAttribute('href')) ?? '');
  const message = `${RIVER_CLEAN_UP} on Kindred`;
  const mail = await href('Share by mail');
  expect(mail.protocol).toBe('mailto:');
  expect(mail.searchParams.get('subject')).toBe(message);
  expect(mail.searchParams.get('body')).toBe(`${message} ${address}`);
  expect((await href('Share on WhatsApp (opens a new tab)')).searchParams.get('text')).toBe(
    `${message} ${address}`,
  );
  const x = await href('Share on X (opens a new tab)');
  expect([x.searchParams.get('url'), x.searchParams.get('text')]).toEqual([address, message]);
  expect((await href('Share on LinkedIn (opens a new tab)')).searchParams.get('url')).toBe(address);
  for (const name of [
    'Share on WhatsApp (opens a new tab)',
    'Share on X (opens a new tab)',
    'Share on LinkedIn (opens a new tab)',
  ]) {
    await expect(share.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    await expect(share.getByRole('link', { name })).toHaveAttribute('rel', /noopener/);
  }
  await expectAccessible(page, 'project page: shared');

  // The charity's page shares its own address the same way.
  await page.getByRole('link', { name: 'River Trust' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'River Trust' })).toBeVisible();
  const charityShare = page.getByRole('group', { name: 'Share this charity' });
  await charityShare.getByRole('button', { name: 'Copy link' }).click();
  await expect(charityShare.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`^${baseURL}/charities/\\d+$`),
  );
  await expectAccessible(page, 'charity page: shared');
});
