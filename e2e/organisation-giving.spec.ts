import {
  approveSelected,
  clippedBadges,
  DEMO,
  DEMO_PASSWORD,
  expectAccessible,
  onlyThisApp,
  settle,
  signInAs,
  signOut,
  toast,
} from './support/app';
import { expect, type Page, test, widthProblem } from './support/test';

/**
 * An organisation's giving (issue "Organisations", decision 024): Acme's Super Admin sets a
 * two-approver policy and its matching; an employee asks Acme to give, and two sign-off admins
 * approve it, so the charity sees it; the employee's own gift is matched by Acme, and the match
 * waits in the inbox. The matching, reports and sub-business screens are checked with axe.
 */

const RIVER_CLEAN_UP = 'Clean-up of the river banks (Bristol)';

test.beforeEach(({ page }) => onlyThisApp(page));

test.describe.configure({ timeout: 180_000 });

async function actAs(page: Page, label: string | { index: number }) {
  await page
    .getByRole('combobox', { name: 'Active account' })
    .selectOption(typeof label === 'string' ? { label } : label);
}

async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
}

function section(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Organisation sections' }).getByRole('link', { name });
}

async function give(page: Page, projectId: number, amount: string, heading: string) {
  await page.goto(`/projects/${projectId}`);
  await page
    .getByRole('region', { name: 'Support this project' })
    .getByRole('button', { name: 'Give funds' })
    .click();
  const dialog = page.getByRole('dialog');
  const details = dialog.getByRole('form', { name: 'Your gift' });
  await details.getByLabel('Amount', { exact: true }).fill(amount);
  await details.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: `Confirm: give ₹${amount}`, exact: true }).click();
  // The confirmation says where the gift stands (a gift for Acme waits for its sign-off).
  const done = dialog.getByTestId('give-confirmation');
  await expect(done.getByRole('heading', { name: heading })).toBeVisible();
  await expect(done).toContainText(`You gave₹${amount}`);
  const text = await done.textContent();
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return text ?? '';
}

test('an employee asks Acme to give, two sign-off admins approve, and the employee’s own gift is matched', async ({
  page,
}) => {
  const response = await page.request.get(
    `/api/explore/project/list?q=${encodeURIComponent(RIVER_CLEAN_UP)}`,
  );
  const project = ((await response.json()) as { items: Array<{ id: number; title: string }> }).items.find(
    (p) => p.title === RIVER_CLEAN_UP,
  );
  if (!project) throw new Error('no Live demo project to give to');

  await test.step('the Super Admin sets a two-approver policy and the matching; reports and sub-businesses', async () => {
    await signInAs(page, DEMO.business);
    await actAs(page, 'Acme Ltd (organisation)');
    await page.goto('/organisation/sign-off');
    const policy = page.getByRole('form', { name: 'Sign-off policy' });
    await policy.getByLabel('Approvals every donation needs').fill('2');
    await policy.getByLabel('Ask for more approvals for large donations').uncheck();
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await expect(toast(page, 'The sign-off policy is saved.')).toBeVisible();

    await section(page, 'Matching').click();
    const form = page.getByRole('form', { name: 'Matching' });
    await expect(page.getByText('Expected to run out')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Matched donations' })).toBeVisible();
    await expectAccessible(page, 'organisation matching (admin)');
    // Status badges read in full in the tables ("Awaiting Organisation Approval").
    await expect(page.getByText('Awaiting Organisation Approval').first()).toBeVisible();
    expect(await clippedBadges(page)).toEqual([]);
    await form.getByLabel('Annual budget').fill('');
    await form.getByRole('button', { name: 'Save matching' }).click();
    await expect(form.getByLabel('Annual budget')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Annual budget').fill('25000');
    await form.getByRole('button', { name: 'Save matching' }).click();
    await expect(toast(page, 'The matching is saved.')).toBeVisible();
    await expect(page.getByText('of ₹25,000')).toBeVisible();

    await section(page, 'Reports').click();
    await expect(page.getByText(/These figures include 2 sub-businesses/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Funds by month' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Donations, newest first' })).toBeVisible();
    await expectAccessible(page, 'organisation reports');
    expect(await clippedBadges(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    await section(page, 'Sub-businesses').click();
    const north = page.getByRole('region', { name: 'Acme North' });
    await expect(north).toBeVisible();
    await expectAccessible(page, 'organisation sub-businesses');
    await north.getByRole('button', { name: 'Move funds' }).click();
    const dialog = page.getByRole('dialog', { name: /Move funds/ });
    const move = async (amount: string) => {
      await dialog.getByLabel('Amount').fill(amount);
      await dialog.getByRole('button', { name: 'Move funds' }).click();
      await page
        .getByRole('dialog', { name: 'Move these funds?' })
        .getByRole('button', { name: 'Move funds' })
        .click();
    };
    // More than Acme holds is refused; the corrected amount is a new request (a new
    // Idempotency-Key), so it is moved rather than refused as a reused key.
    await move('90000000');
    await expect(dialog.getByText(/not enough/i)).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'move funds dialog');
    await move('10');
    await expect(toast(page, 'Funds moved')).toBeVisible();
    await signOut(page);
  });

  await test.step('an employee asks Acme to give ₹120', async () => {
    await signInAs(page, DEMO.employee);
    await actAs(page, 'Acme Ltd (organisation)');
    await page.goto('/organisation/matching');
    await expect(page.getByText(/Acme Ltd matches 100% of what you give/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save matching' })).toHaveCount(0);
    await expectAccessible(page, 'organisation matching (employee)');
    await page.getByRole('button', { name: 'Ask Acme Ltd to give' }).click();
    await expect(page).toHaveURL(/\/explore/);
    const said = await give(page, project.id, '120', 'Sent for sign-off');
    expect(said).toContain('Paid fromAcme Ltd’s wallet');
    expect(said).toContain('It waits for the sign-off admins of Acme Ltd to approve it.');
  });

  await test.step('the employee gives ₹40 of their own, and Acme matches it', async () => {
    await actAs(page, { index: 0 });
    await expect(page.locator('html')).not.toHaveAttribute('data-account-kind', 'organisation');
    await give(page, project.id, '40', 'Donation successful');
    await expect(toast(page, 'Donation successful')).toBeVisible();
    await actAs(page, 'Acme Ltd (organisation)');
    await page.goto('/organisation/matching');
    const mine = page.getByRole('table', { name: 'Your matched gifts' });
    await expect(mine.getByRole('row').filter({ hasText: '₹40' }).first()).toBeVisible();
    await signOut(page);
  });

  for (const who of [DEMO.signoff, DEMO.business]) {
    await test.step(`${who} approves the employee's request`, async () => {
      await signInAs(page, who);
      await actAs(page, 'Acme Ltd (organisation)');
      await page.goto('/organisation/sign-off');
      const item = page.getByRole('listitem').filter({ hasText: `₹120 to ${RIVER_CLEAN_UP}` });
      await expect(item).toBeVisible();
      // The match of the employee's ₹40 waits here too, like any gift on Acme's behalf.
      const match = page.getByRole('listitem').filter({ hasText: `₹40 to ${RIVER_CLEAN_UP}` });
      await expect(match).toBeVisible();
      // Nothing ticked: both actions look disabled (Mantine's grey, not the red of Reject).
      const reject = page.getByRole('button', { name: 'Reject selected' });
      await expect(reject).toBeDisabled();
      const grey = await reject.evaluate((el) => getComputedStyle(el).color);
      // Ticking a second and unticking one keeps the inbox on screen (it used to crash the app).
      await item.getByRole('checkbox').check();
      await match.getByRole('checkbox').check();
      await expect(page.getByRole('button', { name: 'Approve selected (2)' })).toBeEnabled();
      expect(await reject.evaluate((el) => getComputedStyle(el).color)).not.toBe(grey);
      await match.getByRole('checkbox').uncheck();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
      await approveSelected(page, 1, 'Approve 1 gift totalling ₹120?');
      await signOut(page);
    });
  }

  await test.step('Acme’s wallet history names each gift, one line each, with where it stands', async () => {
    await signInAs(page, DEMO.business);
    await actAs(page, 'Acme Ltd (organisation)');
    await page.goto('/wallet');
    const history = page.getByRole('region', { name: 'History' });
    const gift = `Gift to ${RIVER_CLEAN_UP} (River Trust)`;
    // The ₹120 was held, then signed off: one line, Given.
    const given = history.getByRole('row').filter({ hasText: gift }).filter({ hasText: '-₹120' });
    await expect(given).toHaveCount(1);
    await expect(given).toContainText('Given');
    // The match of the employee's ₹40 still waits for its sign-off.
    const match = history.getByRole('row').filter({ hasText: /Match of .+’s gift to / });
    await expect(match.first()).toContainText('Held awaiting sign-off');
    await expect(history.getByText(/^Donation \d+/)).toHaveCount(0);
    await signOut(page);
  });

  await test.step('the charity sees Acme’s ₹120, approved', async () => {
    const login = await page.request.post('/api/auth/login', {
      data: { email: DEMO.charity, password: DEMO_PASSWORD },
    });
    const { token } = (await login.json()) as { token: string };
    const list = await page.request.get(`/api/project/${project.id}/donations?status=80&limit=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(list.ok(), await list.text()).toBe(true);
    const items = (
      (await list.json()) as { items: Array<{ amount: number; donor: { kind: string; name: string } }> }
    ).items;
    expect(
      items.some((d) => d.donor.kind === 'business' && d.donor.name === 'Acme Ltd' && d.amount === 12_000),
    ).toBe(true);
  });

  await test.step('the new screens fit a 320 px phone', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signInAs(page, DEMO.business);
    await actAs(page, 'Acme Ltd (organisation)');
    for (const path of ['/organisation/matching', '/organisation/reports', '/organisation/structure']) {
      await page.goto(path);
      await settle(page);
      expect(await widthProblem(page), `${path} at 320 px`).toBeUndefined();
      expect(await clippedBadges(page), `${path} at 320 px`).toEqual([]);
    }
  });
});
