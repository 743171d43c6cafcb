import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, FrameLocator } from '@playwright/test';
import {
  DEMO,
  expectAccessible,
  expectAccessibleWithFrames,
  journeySetUp,
  mailTo,
  RIVER_CLEAN_UP,
  riverCleanUp,
  signInAs,
  typeCard,
} from './support/app';
import { expect, test } from './support/test';

/**
 * The donate button (docs/product/embed.md): a charity copies the snippet from its project's
 * screen and puts it on its own site; a visitor of that site (another origin than Kindred's) gives
 * as a guest by card through the frame, with the bank's 3-D Secure step and Gift Aid; the
 * thank-you shows, the receipt is mailed and the project's total moves. Kindred's other pages
 * refuse to be framed by the same site.
 */

journeySetUp(150_000);

/**
 * The charity's own website: a server on 127.0.0.1 and a port of its own, so another origin than
 * the app's (localhost and its port). `/` is its page with whatever HTML `?body=` gives.
 */
let site: Server;
let siteOrigin: string;
test.beforeAll(async () => {
  site = createServer((request, response) => {
    const body = new URL(request.url ?? '/', 'http://site').searchParams.get('body') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Friends of the River</title></head><body><main><h1>Friends of the River</h1><p>Help us keep the banks clean.</p>${body}</main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

const siteWith = (html: string) => `${siteOrigin}/?body=${encodeURIComponent(html)}`;

async function raisedOf(request: APIRequestContext, projectId: number) {
  const project = (await (await request.get(`/api/project/${projectId}`)).json()) as { funds_raised: number };
  return project.funds_raised;
}

test('a charity’s site frames the donate button, and a guest gives through it by card', async ({ page }) => {
  const projectId = await riverCleanUp(page);
  const email = `framed-${Date.now()}@example.org`;
  let snippet = '';

  await test.step('the charity copies the snippet from its project’s screen', async () => {
    await signInAs(page, DEMO.charity, `/charity/projects/${projectId}?tab=donate-button`);
    const section = page.getByRole('region', { name: 'Donate button for your website' });
    await expect(section.getByTestId('embed-snippet')).toContainText('<iframe');
    snippet = (await section.getByTestId('embed-snippet').textContent()) ?? '';
    expect(snippet).toContain(`src="${new URL(page.url()).origin}/embed/project/${projectId}"`);
    expect(snippet).toContain(`title="Donate to ${RIVER_CLEAN_UP}"`);
    await expect(section.getByRole('button', { name: 'Copy the code' })).toBeVisible();
    await expect(section.getByRole('link', { name: /Open the donate page/ })).toHaveAttribute(
      'href',
      `/embed/project/${projectId}`,
    );
    await expectAccessible(page, 'project screen: donate button');
  });

  const before = await raisedOf(page.request, projectId);
  const frame: FrameLocator = page.frameLocator(`iframe[title="Donate to ${RIVER_CLEAN_UP}"]`);

  await test.step('a visitor of the charity’s site sees the project in the frame', async () => {
    await page.goto(siteWith(snippet));
    expect(new URL(page.url()).origin).toBe(siteOrigin);
    expect(siteOrigin).not.toBe(new URL(snippet.match(/src="([^"]+)"/)?.[1] ?? '').origin);
    await expect(frame.getByRole('heading', { level: 1, name: RIVER_CLEAN_UP })).toBeVisible();
    await expect(frame.getByText('A project of River Trust')).toBeVisible();
    await expect(frame.getByRole('form', { name: 'Your gift' })).toBeVisible();
    await expectAccessibleWithFrames(page, 'the donate button, framed');
  });

  const form = frame.getByRole('form', { name: 'Your gift' });
  await test.step('a refused field is said beside it', async () => {
    await form.getByRole('button', { name: 'Give', exact: true }).click();
    await expect(form.getByLabel('Amount')).toBeFocused();
    await expect(form.getByText('Enter an amount.')).toBeVisible();
    await expectAccessibleWithFrames(page, 'the donate button, refused fields');
  });

  await test.step('a guest gives by a card that asks for 3-D Secure, with Gift Aid', async () => {
    await form.getByLabel('Amount').fill('400');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('First name').fill('Fern');
    await form.getByLabel('Last name').fill('Framed');
    await typeCard(form, '4000 0025 0000 3155');
    await form.getByLabel(/Add Gift Aid/).check();
    await form.getByLabel('House name or number').fill('7');
    await form.getByLabel('Post code').fill('BS1 4DJ');
    await form.getByRole('button', { name: 'Give ₹400' }).click();
    const bank = frame.getByTestId('bank-check');
    await expect(
      bank.getByRole('heading', { name: 'Your bank asks you to confirm this payment' }),
    ).toBeFocused();
    await expectAccessibleWithFrames(page, 'the donate button, the bank’s step');
    await bank.getByRole('button', { name: 'Confirm payment' }).click();
    const thanks = frame.getByTestId('embed-thank-you');
    await expect(thanks.getByRole('heading', { name: 'Thank you for your gift' })).toBeFocused();
    await expect(thanks).toContainText('₹400, with ₹100 of Gift Aid');
    await expect(thanks).toContainText(`is on its way to ${email}`);
    await expectAccessibleWithFrames(page, 'the donate button, thank you');
    // Still the charity's site around the frame.
    expect(new URL(page.url()).origin).toBe(siteOrigin);
  });

  await test.step('the receipt is mailed and the project’s total moves', async () => {
    expect((await mailTo(email)).subject).toMatch(/Your donation receipt KR-/);
    await expect.poll(() => raisedOf(page.request, projectId)).toBe(before + 40_000);
    await page.reload();
    const progress = frame.getByTestId('embed-progress');
    await expect(progress).toContainText(`₹${((before + 40_000) / 100).toLocaleString('en-GB')}`);
  });
});

test('every other page of Kindred refuses to be framed by another site', async ({ page }) => {
  const projectId = await riverCleanUp(page);
  const base = test.info().project.use.baseURL ?? '';
  for (const path of [`/projects/${projectId}`, '/']) {
    const answer = await page.request.get(path);
    expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers()['x-frame-options']).toBe('SAMEORIGIN');
    await page.goto(
      siteWith(`<iframe src="${base}${path}" title="Kindred" style="width: 100%; height: 600px"></iframe>`),
    );
    // The browser shows its error page in the frame instead of Kindred's.
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    await expect.poll(() => framed?.url()).not.toBe(`${base}${path}`);
    await expect(page.frameLocator('iframe').getByRole('heading', { name: RIVER_CLEAN_UP })).toHaveCount(0);
    await expect(page.frameLocator('iframe').getByRole('link', { name: 'Explore' })).toHaveCount(0);
  }
  // The donate button's page itself is framed.
  await page.goto(siteWith(`<iframe src="${base}/embed/project/${projectId}" title="Donate"></iframe>`));
  await expect(page.frameLocator('iframe').getByRole('heading', { name: RIVER_CLEAN_UP })).toBeVisible();
});
