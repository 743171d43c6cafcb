import {
  apiGet,
  apiLogin,
  apiToken,
  approveSelected,
  clippedBadges,
  DEMO,
  expectAccessible,
  journeySetUp,
  openGiveFlow,
  RIVER_CLEAN_UP,
  registerActivated,
  riverCleanUp,
  settle,
  signInAs,
  signOut,
  toast,
} from './support/app';
import { type APIRequestContext, expect, type Locator, type Page, test, widthProblem } from './support/test';

/**
 * An organisation's giving (issue "Organisations", decision 024): Acme's Super Admin sets a
 * two-approver policy and its matching; an employee asks Acme to give, and two sign-off admins
 * approve it, so the charity sees it; the employee's own gift is matched by Acme, and the match
 * waits in the inbox. The matching, reports and sub-business screens are checked with axe. The give
 * flow tells an employee what Acme adds before they confirm, and the match (made a moment later by
 * the server's worker, decision 041) reaches the sign-off inbox. A Super Admin approves one gift its
 * sign-off admins can never approve and releases another (decision 033).
 */

journeySetUp(180_000);

async function actAs(page: Page, label: string | { index: number }) {
  await page
    .getByRole('combobox', { name: 'Active account' })
    .selectOption(typeof label === 'string' ? { label } : label);
}

function section(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Organisation sections' }).getByRole('link', { name });
}

/** Reviews and confirms the gift of `amount` typed; checks the confirmation, closes it and returns its text. */
async function reviewAndConfirm(dialog: Locator, amount: string, heading: string) {
  await dialog.getByRole('form', { name: 'Your gift' }).getByRole('button', { name: 'Review' }).click();
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

async function give(page: Page, projectId: number, amount: string, heading: string) {
  const { dialog, details } = await openGiveFlow(page, projectId);
  await details.getByLabel('Amount', { exact: true }).fill(amount);
  return reviewAndConfirm(dialog, amount, heading);
}

/** Reloads the sign-off inbox until `item` shows (made a moment later by the server's worker). */
async function reloadUntilShown(page: Page, item: Locator) {
  await expect(async () => {
    await page.reload();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('an employee asks Acme to give, two sign-off admins approve, and the employee’s own gift is matched', async ({
  page,
}) => {
  const project = { id: await riverCleanUp(page) };

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
    const { items } = await apiGet<{
      items: Array<{ amount: number; donor: { kind: string; name: string } }>;
    }>(
      page,
      await apiToken(page.request, DEMO.charity),
      `/project/${project.id}/donations?status=80&limit=100`,
    );
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

test('an employee is told what Acme adds before giving; the match then waits in the sign-off inbox', async ({
  page,
}) => {
  const projectId = await riverCleanUp(page);

  await test.step('the employee sees the matching note under the amount, before confirming', async () => {
    await signInAs(page, DEMO.employee);
    await expect(page.locator('html')).not.toHaveAttribute('data-account-kind', 'organisation');
    const { dialog, details } = await openGiveFlow(page, projectId);
    await details.getByLabel('Amount', { exact: true }).fill('75');
    const note = details.getByRole('status').filter({ hasText: 'will match this gift' });
    await expect(note).toHaveText('Acme Ltd will match this gift with ₹75.');
    await expectAccessible(page, 'give flow with the matching note');
    // The note follows the amount.
    await details.getByLabel('Amount', { exact: true }).fill('60');
    await expect(note).toHaveText('Acme Ltd will match this gift with ₹60.');
    await reviewAndConfirm(dialog, '60', 'Donation successful');
    await signOut(page);
  });

  await test.step('Acme’s sign-off admin finds the ₹60 match waiting for sign-off', async () => {
    await signInAs(page, DEMO.signoff);
    await actAs(page, 'Acme Ltd (organisation)');
    await page.goto('/organisation/sign-off');
    await expect(page.getByRole('heading', { name: 'Waiting for sign-off' })).toBeVisible();
    const match = page.getByRole('listitem').filter({ hasText: `₹60 to ${RIVER_CLEAN_UP}` });
    await reloadUntilShown(page, match);
    await expect(match).toContainText('Asked by Emery Employee');
    await expect(match).toContainText('₹60 held');
    await expect(match.getByRole('checkbox', { name: `Choose ₹60 to ${RIVER_CLEAN_UP}` })).toBeEnabled();
  });
});

/** A person's id and the headers of their calls, from the login call. */
async function login(request: APIRequestContext, email: string) {
  const body = await apiLogin(request, email);
  return { id: body.user.id, headers: { Authorization: `Bearer ${body.token}` } };
}

/**
 * A new organisation with two gifts its sign-off admins can never approve (decision 033): one
 * sign-off admin asks for both, the other leaves, and no one else signs off. Returns its name and
 * its Super Admin. Made through the API, so Acme's demo inbox stays as the other journeys find it.
 */
async function organisationWithStuckGifts(page: Page, projectId: number) {
  const request = page.request;
  const call = async (
    who: { headers: Record<string, string> },
    method: 'post' | 'patch',
    url: string,
    data: object,
  ) => {
    const response = await request[method](url, { headers: who.headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as { id: number };
  };
  const name = `Stuck Gifts Ltd ${Date.now().toString(36)}`;
  const founder = await registerActivated(page, 'resolver', 'Sasha', 'Super');
  const owner = await login(request, founder);
  const admin = await login(request, DEMO.admin);
  const { id } = await call(owner, 'post', '/api/user/add/business', { name });
  await call(admin, 'post', '/api/admin/business/pending/update', { business_id: id, status: 'approved' });
  await call(admin, 'post', `/api/admin/business/${id}/deposit`, {
    amount: 100_000,
    reason: 'Opening balance',
  });
  // Avery asks for both gifts; Lee, the one other sign-off admin, then leaves.
  const colleagues: Array<Awaited<ReturnType<typeof login>>> = [];
  for (const [first, last] of [
    ['Avery', 'Asker'],
    ['Lee', 'Leaver'],
  ] as const) {
    const colleague = await login(request, await registerActivated(page, 'colleague', first, last));
    const asked = await call(colleague, 'post', '/api/join', { target_type: 'business', target_id: id });
    await call(owner, 'patch', '/api/join', { request_id: asked.id, action: 'accept' });
    await call(owner, 'post', `/api/membership/signoff/${id}`, { user_id: colleague.id });
    colleagues.push(colleague);
  }
  const [asker, leaver] = colleagues as [(typeof colleagues)[number], (typeof colleagues)[number]];
  for (const amount of [30_000, 20_000]) {
    await call(asker, 'post', `/api/business/${id}/donate/project/${projectId}`, { type: 2, amount });
  }
  await call(leaver, 'post', `/api/membership/business/${id}/delete`, { user_id: leaver.id });
  return { name, founder };
}

test('a Super Admin approves one gift stuck in the sign-off inbox and releases another', async ({ page }) => {
  const { name, founder } = await organisationWithStuckGifts(page, await riverCleanUp(page));
  await signInAs(page, founder);
  await actAs(page, `${name} (organisation)`);
  await page.goto('/organisation/sign-off');
  await expect(page.getByRole('heading', { name: 'Waiting for sign-off' })).toBeVisible();
  const big = page.getByRole('listitem').filter({ hasText: `₹300 to ${RIVER_CLEAN_UP}` });
  const small = page.getByRole('listitem').filter({ hasText: `₹200 to ${RIVER_CLEAN_UP}` });

  await test.step('both gifts say they can never be approved, and what the Super Admin can do', async () => {
    for (const item of [big, small]) {
      await expect(item).toContainText('Asked by Avery Asker');
      await expect(item).toContainText('Can never be approved');
      await expect(item).toContainText(
        'It needs 1 approval from sign-off admins other than the person who asked, and not enough are left.',
      );
      await expect(item).toContainText(
        'Approve it as Super Admin with a reason, or release the money back to the organisation.',
      );
    }
    await expectAccessible(page, 'sign-off inbox with stuck gifts');
  });

  await test.step('the Super Admin approves the ₹300 gift in place of the sign-off admins, saying why', async () => {
    await big.getByRole('button', { name: 'Approve as Super Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this ₹300 gift as Super Admin?' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog.getByText('Say why, in a few words.')).toBeVisible();
    await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'approve as Super Admin dialog (reason missing)');
    await dialog.getByLabel('Reason').fill('Agreed at the board meeting.');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(toast(page, 'is approved, with your reason in its history.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(big).toHaveCount(0);
    await expect(small).toBeVisible();
  });

  await test.step('and releases the ₹200 gift: the money goes back and the inbox is empty', async () => {
    await small.getByRole('button', { name: 'Release the money' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release this ₹200 gift?' });
    await expect(dialog).toContainText(`the held money goes back to ${name}`);
    await dialog.getByLabel('Reason').fill('No longer needed.');
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    await expect(toast(page, `is cancelled; the money is back with ${name}.`)).toBeVisible();
    await expect(small).toHaveCount(0);
    await expect(page.getByText('No donation is waiting for sign-off.')).toBeVisible();
  });

  await test.step('the organisation’s wallet shows the approved gift given and the released one not held', async () => {
    await page.goto('/wallet');
    const history = page.getByRole('region', { name: 'History' });
    const gift = `Gift to ${RIVER_CLEAN_UP} (River Trust)`;
    await expect(
      history.getByRole('row').filter({ hasText: gift }).filter({ hasText: '-₹300' }),
    ).toContainText('Given');
    await expect(history.getByText('Held awaiting sign-off')).toHaveCount(0);
  });
});
