import {
  apiLogin,
  apiPost,
  closeToasts,
  DEMO,
  expectAccessible,
  expectToldUnderTheBell,
  journeySetUp,
  openSection,
  registerActivated,
  riverCleanUp,
  settle,
  signInAs,
  signOut,
  toast,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * Fundraising pages in lists (docs/product/fundraising-pages.md): a group's team leaderboard, where
 * two members open pages for the group and gifts through them move the ranking (the pages are
 * opened and given to through the API: the form and the give flow have their own journey); and
 * the charity's list of its pages, where its admin hides one with a reason, after which a visitor
 * neither opens it nor finds it in explore, and its fundraiser is told. Each screen is checked with axe.
 */

journeySetUp(180_000);

interface Made {
  id: number;
  title: string;
}

/** A page opened through the API for the demo's River clean-up project, in `group` when given. */
async function openPage(page: Page, token: string, projectId: number, title: string, group?: number) {
  return apiPost<Made>(page, token, '/fundraiser/create', {
    title,
    story: 'I am raising money to keep the river banks clean, and every gift helps a great deal.',
    target: 50_000,
    end_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    project_id: projectId,
    ...(group === undefined ? {} : { group_id: group }),
  });
}

/** A gift of funds from the demo donor's wallet through a page. */
async function giveThrough(
  page: Page,
  token: string,
  projectId: number,
  fundraiserId: number,
  amount: number,
) {
  await apiPost(page, token, `/user/donate/project/${projectId}`, {
    type: 2,
    amount,
    fundraiser_id: fundraiserId,
  });
}

/** The leaderboard's rows in rank order, by the id of their page. */
function ranking(page: Page): Promise<number[]> {
  return page
    .getByRole('table', { name: /The team’s pages by what each raised/ })
    .locator('[data-testid^="team-page-"]')
    .evaluateAll((rows) =>
      rows.map((row) => Number(row.getAttribute('data-testid')?.slice('team-page-'.length))),
    );
}

test('a group’s team: two members open pages for it, and gifts through them move the leaderboard', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const projectId = await riverCleanUp(page);
  const donor = await apiLogin(page.request, DEMO.donor);
  const avaEmail = await registerActivated(page, 'team-ava', 'Ava', 'Archer');
  const ava = await apiLogin(page.request, avaEmail);
  const bo = await apiLogin(page.request, await registerActivated(page, 'team-bo', 'Bo', 'Baker'));
  const group = await apiPost<{ id: number; pin: string }>(page, ava.token, '/group/create', {
    name: `Riverside Runners ${stamp}`,
    type: 2,
    requires_approval: false,
    is_public: true,
  });
  await apiPost(page, bo.token, '/group/join', { pin: group.pin }, 200);
  const path = `/groups/${group.id}`;

  await test.step('before any page, a member is asked to start the first', async () => {
    await signInAs(page, avaEmail, path);
    await settle(page);
    const team = page.getByRole('region', { name: 'Fundraising team' });
    await expect(team.getByText(/Nobody has opened a fundraising page for this team yet/)).toBeVisible();
    await expect(team.getByRole('link', { name: 'Start a page for this team' })).toHaveAttribute(
      'href',
      `/fundraisers/new?group=${group.id}`,
    );
    await expectAccessible(page, 'group page, a team without pages');
  });

  const avaPage = await openPage(page, ava.token, projectId, `Ava swims the Avon ${stamp}`, group.id);
  const boPage = await openPage(page, bo.token, projectId, `Bo bakes for the banks ${stamp}`, group.id);
  await giveThrough(page, donor.token, projectId, boPage.id, 3_000);
  await giveThrough(page, donor.token, projectId, avaPage.id, 1_000);

  await test.step('the leaderboard ranks the pages by what each raised, under the team’s total', async () => {
    await page.reload();
    await settle(page);
    const team = page.getByRole('region', { name: 'Fundraising team' });
    await expect(team.getByTestId('team-raised')).toHaveText('₹40');
    await expect(team.getByTestId('team-gifts')).toHaveText('2');
    await expect.poll(() => ranking(page)).toEqual([boPage.id, avaPage.id]);
    const first = team.getByTestId(`team-page-${boPage.id}`);
    await expect(first.getByRole('cell').first()).toHaveText('1');
    await expect(first).toContainText('₹30 of ₹500 raised');
    await expect(first.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '6');
    await expect(team.getByRole('figure', { name: 'Top 2 pages by what they raised' })).toBeVisible();
    // A member joins in for the team's cause.
    await expect(team.getByRole('link', { name: 'Start a page for this team' })).toHaveAttribute(
      'href',
      `/fundraisers/new?project=${projectId}&group=${group.id}`,
    );
    await expectAccessible(page, 'group page, the team leaderboard');
  });

  await test.step('a bigger gift through the second page puts it first', async () => {
    await giveThrough(page, donor.token, projectId, avaPage.id, 2_500);
    await page.reload();
    await settle(page);
    const team = page.getByRole('region', { name: 'Fundraising team' });
    await expect(team.getByTestId('team-raised')).toHaveText('₹65');
    await expect.poll(() => ranking(page)).toEqual([avaPage.id, boPage.id]);
    await team.getByRole('link', { name: avaPage.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: avaPage.title })).toBeVisible();
  });

  await test.step('a visitor sees the public group’s team, without the way to start a page', async () => {
    await signOut(page);
    await page.goto(path);
    await settle(page);
    const team = page.getByRole('region', { name: 'Fundraising team' });
    await expect(team.getByRole('link', { name: avaPage.title })).toBeVisible();
    await expect(team.getByRole('link', { name: 'Start a page for this team' })).toHaveCount(0);
    await expectAccessible(page, 'public group page with its team');
  });
});

test('the charity’s admin hides a page with a reason, and a visitor no longer finds it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const projectId = await riverCleanUp(page);
  const donor = await apiLogin(page.request, DEMO.donor);
  const email = await registerActivated(page, 'page-max', 'Max', 'Mallory');
  const max = await apiLogin(page.request, email);
  const made = await openPage(page, max.token, projectId, `Free river cruises ${stamp}`);
  await giveThrough(page, donor.token, projectId, made.id, 1_500);

  await test.step('a visitor finds the page in explore', async () => {
    await page.goto(`/explore?tab=fundraisers&q=${encodeURIComponent(made.title)}`);
    await settle(page);
    await expect(page.getByRole('link', { name: made.title })).toBeVisible();
    await expectAccessible(page, 'explore, fundraisers');
  });

  await signInAs(page, DEMO.charity, '/charity/donations');
  await settle(page);

  await test.step('the charity’s inbox names the page a gift came through', async () => {
    const gift = page.getByRole('listitem').filter({ hasText: made.title }).first();
    await expect(gift.getByTestId('gift-fundraiser')).toHaveText(
      `Through the fundraising page ${made.title}`,
    );
    await expect(gift.getByRole('link', { name: made.title })).toHaveAttribute(
      'href',
      `/fundraisers/${made.id}`,
    );
  });

  await test.step('the admin opens the charity’s fundraising pages and hides the page with a reason', async () => {
    await openSection(page, 'Charity', 'Fundraising pages');
    await expect(page).toHaveURL(/\/charity\/fundraisers$/);
    await settle(page);
    const row = page.getByRole('row').filter({ hasText: made.title });
    await expect(row.getByText('Open', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the charity’s fundraising pages');
    await row.getByRole('button', { name: `Hide: ${made.title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Hide “${made.title}”?` });
    await dialog.getByLabel(/Reason/).fill('Nope');
    await dialog.getByRole('button', { name: 'Hide page' }).click();
    await expect(dialog.getByText('Use at least 5 characters.')).toBeVisible();
    await expectAccessible(page, 'hide a page, with its field error');
    await dialog.getByLabel(/Reason/).fill('We run no river cruises; please do not promise them.');
    await dialog.getByRole('button', { name: 'Hide page' }).click();
    await expect(toast(page, 'Page hidden')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Put back: ${made.title}` })).toBeVisible();
    await closeToasts(page);
  });

  await test.step('a visitor can no longer open the page nor find it in explore', async () => {
    await signOut(page);
    await page.goto(`/fundraisers/${made.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fundraiser not found' })).toBeVisible();
    await page.goto(`/explore?tab=fundraisers&q=${encodeURIComponent(made.title)}`);
    await settle(page);
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await expect(page.getByRole('link', { name: made.title })).toHaveCount(0);
  });

  await test.step('its fundraiser is told under the bell, and still sees the page with the reason', async () => {
    await signInAs(page, email, `/fundraisers/${made.id}`);
    await expect(page.getByTestId('hidden-note')).toContainText('We run no river cruises');
    await expectToldUnderTheBell(page, /took down your fundraising page/);
  });
});
