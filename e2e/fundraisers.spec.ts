import type { Browser } from '@playwright/test';
import {
  closeToasts,
  DEMO,
  expectAccessible,
  expectToldUnderTheBell,
  journeySetUp,
  onlyThisApp,
  riverCleanUp,
  signInAs,
  typeCard,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * Fundraising pages (docs/product/fundraising-pages.md): a person opens a page for a demo project
 * from the project's page, adds a picture and shares the page's link; a visitor, signed out in a
 * browser of their own, opens the link and gives through the page by sandbox card; the page's
 * progress and supporters wall move, and the fundraiser is told under the bell. Each screen is
 * checked with axe.
 */

journeySetUp(150_000);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A visitor's own browser (no session), sized as this project's window, reaching only this app. */
async function visitorPage(browser: Browser): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    ...(use.baseURL ? { baseURL: use.baseURL } : {}),
    ...(use.viewport ? { viewport: use.viewport } : {}),
    ...(use.userAgent ? { userAgent: use.userAgent } : {}),
    ...(use.deviceScaleFactor ? { deviceScaleFactor: use.deviceScaleFactor } : {}),
    isMobile: use.isMobile ?? false,
    hasTouch: use.hasTouch ?? false,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await onlyThisApp(page);
  return page;
}

const progress = (page: Page) => page.getByRole('region', { name: 'Progress' });

test('a person opens a page for a project and shares it; a visitor gives through it by card and the page moves', async ({
  page,
  browser,
  context,
}) => {
  const projectId = await riverCleanUp(page);
  const title = `Dana cycles to Bath ${Date.now().toString(36)}`;
  let link = '';

  await test.step('from the project’s page, the donor opens a page of their own', async () => {
    await signInAs(page, DEMO.donor, `/projects/${projectId}`);
    const section = page.getByRole('region', { name: 'Fundraisers' });
    // The demo's pages for this project are listed, most raised first.
    await expect(section.getByTestId('fundraiser-card').first()).toBeVisible();
    await section.getByRole('link', { name: 'Start a fundraiser' }).click();
    await expect(page).toHaveURL(new RegExp(`/fundraisers/new\\?project=${projectId}$`));
    const form = page.getByRole('form', { name: 'Your page' });
    await form.getByRole('button', { name: 'Open the page' }).click();
    await expect(form.getByText('Use at least 3 characters.')).toBeVisible();
    await expectAccessible(page, 'start a fundraiser, with its field errors');
    await form.getByLabel('Title').fill(title);
    await form
      .getByLabel('Your story')
      .fill('I am cycling from Bristol to Bath to keep our river banks clean. Please give what you can.');
    await form.getByLabel('Target').fill('500');
    await form.getByRole('button', { name: 'Open the page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveURL(/\/fundraisers\/\d+\?created=1$/);
  });

  await test.step('the new page asks for a picture, which uploads, and is shared by its link', async () => {
    const prompt = page.getByTestId('created-prompt');
    await expect(prompt).toContainText('Add a picture of your own, then share the page');
    await expect(progress(page)).toContainText('₹0 of ₹500 raised');
    await expectAccessible(page, 'a new fundraising page');
    await prompt.getByRole('button', { name: 'Add a picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the picture' });
    await dialog.getByLabel('Page picture file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(dialog).toBeHidden();
    await expect(page.locator('img[src*="/api/files/fundraisers/"]').first()).toBeVisible();
    await closeToasts(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const share = prompt.getByRole('group', { name: 'Share your page' });
    await share.getByRole('button', { name: 'Copy link' }).click();
    const said = share.getByRole('status');
    await expect(said).toHaveText(/Link copied\.|did not let us copy it/);
    link =
      (await said.textContent()) === 'Link copied.'
        ? await page.evaluate(() => navigator.clipboard.readText())
        : await share.getByLabel('Copy this link').inputValue();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/fundraisers\/\d+$/);
    expect(page.url()).toContain(new URL(link).pathname);
  });

  const visitor = await visitorPage(browser);
  await test.step('a visitor opens the link and gives as a guest by sandbox card', async () => {
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(progress(visitor)).toContainText('₹0 of ₹500 raised');
    await expect(visitor.getByText('No gifts through this page yet. Be the first to give.')).toBeVisible();
    await expectAccessible(visitor, 'a fundraising page, as a visitor');
    const give = visitor.getByRole('region', { name: 'Give through this page' });
    await give.getByRole('button', { name: 'Give as a guest' }).click();
    const dialog = visitor.getByRole('dialog');
    const details = dialog.getByRole('form', { name: 'Your gift' });
    await expect(dialog).toContainText(`Through the page “${title}”.`);
    await details.getByLabel('Amount', { exact: true }).fill('150');
    await details.getByLabel('Email').fill(`fan-${Date.now()}@example.org`);
    await details.getByLabel('First name').fill('Gale');
    await details.getByLabel('Last name').fill('Guest');
    await typeCard(details, '4242 4242 4242 4242');
    await details.getByLabel('Message to River Trust').fill('Pedal hard!');
    await details.getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Confirm: give ₹150' }).click();
    const thanks = dialog.getByTestId('guest-thank-you');
    await expect(thanks.getByRole('heading', { name: 'Thank you for your gift' })).toBeVisible();
    await expect(thanks).toContainText(`It counts toward ${title}.`);
    await expectAccessible(visitor, 'a guest’s thank-you through a fundraising page');
    await thanks.getByRole('button', { name: 'Done' }).click();
  });

  await test.step('the page’s progress and wall move at once', async () => {
    await expect(progress(visitor)).toContainText('₹150 of ₹500 raised');
    await expect(progress(visitor)).toContainText('1 gift');
    const wall = visitor.getByRole('list', { name: 'Gifts through this page' });
    await expect(wall).toContainText('Gale Guest gave ₹150');
    await expect(wall).toContainText('“Pedal hard!”');
    await visitor.context().close();
  });

  await test.step('the fundraiser sees it on the page and is told under the bell', async () => {
    await page.reload();
    await expect(progress(page)).toContainText('₹150 of ₹500 raised');
    await expectToldUnderTheBell(page, /gave ₹150 through your page/);
  });

  await test.step('My fundraisers, from the account menu, lists the page with its progress', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My fundraisers' }).click();
    await expect(page).toHaveURL(/\/fundraisers$/);
    const card = page.getByTestId('fundraiser-card').filter({ hasText: title });
    await expect(card).toContainText('₹150 of ₹500 raised');
    await expectAccessible(page, 'my fundraisers');
  });
});
