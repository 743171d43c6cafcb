import type { ExploreSummary } from '../packages/shared/src/explore/schemas';
import { formatMoney } from '../packages/shared/src/money/money';
import { DEMO, expectAccessible, journeySetUp, mainLinks, signInAs } from './support/app';
import { expect, type Locator, type Page, test } from './support/test';

/**
 * What a visitor and a giver meet first: the landing page with the demo's pictures and live
 * figures, search, a project's page; and the home of a person acting as their charity.
 */

const BRISTOL = { latitude: 51.4545, longitude: -2.5879 };
const count = new Intl.NumberFormat('en-GB');

test.use({ geolocation: BRISTOL, permissions: ['geolocation'] });

journeySetUp();

/** Whether an image has loaded (a broken or unloaded one has no natural width). */
async function loaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

async function summaryNow(page: Page): Promise<ExploreSummary> {
  const res = await page.request.get('/api/explore/summary');
  expect(res.status()).toBe(200);
  return res.json();
}

test('a visitor sees pictures and live figures, searches, and opens a project', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Give what you can to the causes near you' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Kindred/);

  // The figures are the database's, as the API answers them now.
  const figures = page.getByRole('region', { name: 'Given through Kindred so far' });
  await expect(figures.getByTestId('total-live')).toBeVisible();
  const { totals } = await summaryNow(page);
  expect(totals.funds_given).toBeGreaterThan(0);
  await expect(figures.getByTestId('total-funds')).toHaveText(
    formatMoney(totals.funds_given, totals.currency),
  );
  await expect(figures.getByTestId('total-hours')).toHaveText(count.format(totals.hours_given));
  await expect(figures.getByTestId('total-gifts')).toHaveText(count.format(totals.gifts_given));
  await expect(figures.getByTestId('total-live')).toHaveText(count.format(totals.live_projects));

  // Featured lists with the demo's pictures, in the variants that fit, lazy below the fold.
  const ending = page.getByRole('region', { name: 'Ending soon' });
  await expect(ending.getByRole('article')).toHaveCount(4);
  const cover = ending.getByRole('article').first().locator('img').first();
  await expect(cover).toHaveAttribute(
    'srcset',
    /_small\.webp 320w, .*_medium\.webp 800w, .*_big\.webp 1600w/,
  );
  await expect(cover).toHaveAttribute('loading', 'lazy');
  await expect(cover).toHaveAttribute('width', '400');
  await expect(cover).toHaveAttribute('height', '225');
  await loaded(cover);
  const supported = page.getByRole('region', { name: 'Most supported' });
  await expect(supported.getByRole('article')).toHaveCount(4);
  await loaded(supported.getByRole('article').first().locator('img').first());

  // Near the visitor, once they ask.
  const near = page.getByRole('region', { name: 'Near you' });
  await expect(near.getByRole('article')).toHaveCount(0);
  await near.getByRole('button', { name: 'Show projects near me' }).click();
  await expect(near.getByRole('link', { name: 'Clean-up of the river banks (Bristol)' })).toBeVisible();
  await expect(near.getByRole('article').first()).toContainText('km away');
  await expectAccessible(page, 'the landing page');

  // Search leads to explore with the words, and a result opens its page with the cover first.
  const search = page.getByRole('search', { name: 'Search projects' });
  await search.getByLabel('Search projects').fill('river');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/explore\?q=river$/);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('river');
  const result = page
    .getByTestId('project-card')
    .filter({ hasText: 'Clean-up of the river banks (Bristol)' });
  await expect(result).toHaveCount(1);
  await loaded(result.locator('img').first());
  await result.getByRole('link', { name: 'Clean-up of the river banks (Bristol)' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Clean-up of the river banks (Bristol)' }),
  ).toBeVisible();
  const hero = page.locator('img[fetchpriority="high"]').first();
  await expect(hero).toHaveAttribute('loading', 'eager');
  await loaded(hero);
  const charity = page.getByRole('region', { name: 'The charity' });
  await loaded(charity.locator('img').first());
});

test('a person acting as their charity lands on its dashboard, with its menu', async ({ page }) => {
  await signInAs(page, DEMO.charity, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Charlie' })).toBeVisible();
  expect(await mainLinks(page)).toContain('Wallet');

  await page.getByLabel('Active account').selectOption({ label: 'River Trust (charity)' });
  await expect(page.getByRole('heading', { level: 1, name: 'River Trust' })).toBeVisible();
  await expect(page.getByTestId('charity-funds')).toHaveText(/₹/);
  await expect(page.getByTestId('live-projects')).toHaveText(/^\d+/);
  await expect(page.getByRole('region', { name: 'Waiting for you' })).toBeVisible();
  const links = await mainLinks(page);
  expect(links).toContain('Charity');
  expect(links).not.toContain('Wallet');
  expect(links).not.toContain('Donations');

  // The choice is kept: coming back to Kindred lands on the charity's dashboard again.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'River Trust' })).toBeVisible();
  await expectAccessible(page, "the charity's dashboard");
  await page.getByRole('link', { name: 'Manage projects' }).click();
  await expect(page).toHaveURL(/\/charity\/projects$/);
});
