import {
  actAs,
  apiGet,
  apiToken,
  DEMO,
  expectAccessible,
  settle,
  signInAs,
  undersizedTargets,
} from './support/app';
import { expect, type Page, test, widthProblem } from './support/test';

/**
 * Every main screen at 320 px, the narrowest phone (WCAG 1.4.10): each demo account walks its
 * screens; none may be wider than the window, every control is a target of at least 24 x 24 px or
 * spaced as WCAG 2.2 allows (SC 2.5.8), and axe finds no serious violation at this size.
 * Runs in the phone project only (which leaves screens-a11y.spec.ts to the desktop project).
 */
test.use({ viewport: { width: 320, height: 640 } });

/** The buttons whose label the button cuts off (it fits the row, its words do not). */
function cutLabels(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Button-label')]
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => (label.textContent ?? '').trim()),
  );
}

/** Fails when the screen has a control under 24 x 24 px that is not spaced from the others. */
async function expectTargetsBigEnough(page: Page, label: string) {
  expect(await undersizedTargets(page), `targets under 24 x 24 px on ${label} at 320 px`).toEqual([]);
}

/**
 * Opens each path in turn and fails on the first screen that scrolls sideways, cuts a button or has
 * a target too small for a finger.
 */
async function walk(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    expect(await widthProblem(page), `${path} at 320 px`).toBeUndefined();
    expect(await cutLabels(page), `buttons cut off on ${path} at 320 px`).toEqual([]);
    await expectTargetsBigEnough(page, path);
    await expectAccessible(page, `${path} at 320 px`, { atPhoneSize: true });
  }
}

/** The first Live project and charity of the demo catalogue, for their public pages. */
async function publicPages(page: Page) {
  const projects = await page.request.get('/api/explore/project/list?limit=1');
  const charities = await page.request.get('/api/explore/charity/list?limit=1');
  const project = ((await projects.json()) as { items: Array<{ id: number }> }).items[0];
  const charity = ((await charities.json()) as { items: Array<{ id: number }> }).items[0];
  if (!project || !charity) throw new Error('the demo catalogue has no Live project or charity');
  return [`/projects/${project.id}`, `/charities/${charity.id}`];
}

test('a visitor: sign-in screens, explore and the public pages', async ({ page }) => {
  await walk(page, [
    '/',
    '/login',
    '/register',
    '/register/organisation',
    '/activate',
    '/forgot-password',
    '/explore',
    '/explore?tab=charities',
    '/explore?tab=groups',
    '/explore?tab=fundraisers',
    ...(await publicPages(page)),
  ]);
});

test('the donor: home, profile, wallet, donations and explore', async ({ page }) => {
  await signInAs(page, DEMO.donor);
  await walk(page, [
    '/',
    '/profile',
    '/profile/notifications',
    '/notifications',
    '/wallet',
    '/donations',
    // Gift Aid declarations by charity, one naming no charity (the longest cards).
    '/donations?tab=gift-aid',
    '/explore',
    '/charity/register',
  ]);
  // The donor runs the Bristol Giving Circle (members, a waiting request, statistics).
  const groups = await page.request.get('/api/explore/group/list?q=Bristol%20Giving%20Circle');
  const circle = ((await groups.json()) as { items: Array<{ id: number }> }).items[0];
  if (!circle) throw new Error('the demo has no Bristol Giving Circle');
  await walk(page, ['/groups', '/groups/new', `/groups/${circle.id}`, `/groups/${circle.id}/edit`]);
  // The donor's demo fundraising page (with its picture, updates and supporters), opening one, editing it.
  const token = await apiToken(page.request, DEMO.donor);
  const mine = await apiGet<{ items: Array<{ id: number; project: { id: number } | null }> }>(
    page,
    token,
    '/user/fundraisers',
  );
  const own = mine.items.find((item) => item.project !== null);
  if (!own?.project) throw new Error('the demo has no fundraising page of the donor');
  await walk(page, [
    '/fundraisers',
    `/fundraisers/${own.id}`,
    `/fundraisers/${own.id}/edit`,
    `/fundraisers/new?project=${own.project.id}`,
  ]);
});

test('the charity admin, as a person and as River Trust', async ({ page }) => {
  await signInAs(page, DEMO.charity);
  await walk(page, ['/', '/wallet']);
  await actAs(page, 'River Trust', 'charity');
  await walk(page, [
    '/charity',
    '/charity/members',
    '/charity/projects',
    '/charity/funds',
    '/charity/donations',
    '/charity/statistics',
    '/charity/gift-aid',
    '/charity/fundraisers',
    '/charity/requests',
    '/charity/projects/new',
  ]);
  await page.goto('/charity/projects?status=live');
  await page.getByRole('table').getByRole('link').first().click();
  await settle(page);
  expect(await widthProblem(page), 'a project of the charity at 320 px').toBeUndefined();
  await expectTargetsBigEnough(page, 'the project editor');
});

test('the organisation admin acting for Acme Ltd', async ({ page }) => {
  await signInAs(page, DEMO.business);
  await actAs(page, 'Acme Ltd', 'organisation');
  await walk(page, [
    '/',
    '/wallet',
    '/donations',
    '/organisation',
    '/organisation/members',
    '/organisation/sign-off',
    '/organisation/matching',
    '/organisation/reports',
    '/messages',
  ]);
});

test('the organisation area on a phone: one row of sections, and reports a few screens long', async ({
  page,
}) => {
  await signInAs(page, DEMO.business);
  await actAs(page, 'Acme Ltd', 'organisation');
  await page.goto('/organisation/reports');
  await settle(page);
  const sections = page.getByRole('navigation', { name: 'Organisation sections' });
  // Every section is one row of links (the row scrolls sideways), the open one announced.
  const tops = await sections
    .getByRole('link')
    .evaluateAll((links) => [...new Set(links.map((link) => Math.round(link.getBoundingClientRect().top)))]);
  expect(tops).toHaveLength(1);
  const open = sections.getByRole('link', { name: 'Reports' });
  await expect(open).toHaveAttribute('aria-current', 'page');
  await expect(open).toBeInViewport({ ratio: 1 });
  // The last section is reached by scrolling the row.
  const last = sections.getByRole('link', { name: 'Invoices' });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('table', { name: 'Donations, newest first' })).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'the reports page at 320 px').toBeLessThan(5_000);
});

test('the donor gives and writes from a phone', async ({ page }) => {
  await signInAs(page, DEMO.donor);
  await walk(page, ['/messages', '/messages/new']);
  const title = 'Clean-up of the river banks (Bristol)';
  const projects = await page.request.get(`/api/explore/project/list?q=${encodeURIComponent(title)}`);
  const project = ((await projects.json()) as { items: Array<{ id: number }> }).items[0];
  if (!project) throw new Error(`the demo catalogue has no ${title}`);
  await page.goto(`/projects/${project.id}`);
  await settle(page);
  await page
    .getByRole('region', { name: 'Support this project' })
    .getByRole('button', { name: 'Give funds' })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectTargetsBigEnough(page, 'the give flow');
});

test('the platform admin: admin screens', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await walk(page, [
    '/admin',
    '/admin/charities',
    '/admin/donations',
    '/admin/money',
    '/admin/direct-debits',
  ]);
});
