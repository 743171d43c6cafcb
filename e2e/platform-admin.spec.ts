import {
  apiToken,
  DEMO,
  DEMO_PASSWORD,
  expectAccessible,
  journeySetUp,
  mailTo,
  outbox,
  registerActivated,
  settle,
  signInAs,
  signOut,
  toast,
} from './support/app';
import { expect, test } from './support/test';

/**
 * The platform admin area (issue "Platform admin"): an admin finds a newly registered person and
 * deactivates them, after which they cannot sign in; reminds the admins of a project near its end
 * (the mail is in the outbox once, however often it is sent that day); and reads the statistics for
 * another date range; locks a charity and an organisation saying why (the reason is in the audit log
 * and the mail to their admins) and unlocks them. Every screen of the area is checked with axe.
 */

journeySetUp(180_000);

test('an admin finds a person and deactivates them; the person can no longer sign in', async ({ page }) => {
  const email = await registerActivated(page, 'deactivated', 'Quinn', 'Quarry');
  await signInAs(page, DEMO.admin, '/admin');
  await settle(page);
  await expectAccessible(page, 'admin home');
  await page.getByRole('link', { name: 'People', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await page.getByLabel('Name or email').fill(email);
  const table = page.getByRole('table', { name: 'People' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'people');
  await table.getByRole('link', { name: 'Quinn Quarry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quinn Quarry' })).toBeVisible();
  await expectAccessible(page, 'a person');
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Quinn Quarry?' });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Update successful')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();
  await expect(
    page.getByText('This person cannot sign in until an admin activates the account again.'),
  ).toBeVisible();

  await page.goto('/admin/audit');
  await settle(page);
  await expect(
    page.getByRole('table', { name: 'Admin actions' }).getByText('user.deactivate').first(),
  ).toBeVisible();
  await expectAccessible(page, 'audit log');
  await signOut(page);

  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/This account has been deactivated/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an admin mails the admins of a project near its end, once a day', async ({ page }) => {
  // A project of River Trust ending in three days, made for this walk.
  const charityToken = await apiToken(page.request, DEMO.charity);
  const headers = { Authorization: `Bearer ${charityToken}` };
  const mine = await page.request.get('/api/user/get', { headers });
  const charityId = ((await mine.json()) as { charity_membership: Array<{ charity_id: number }> })
    .charity_membership[0]?.charity_id;
  const title = `Towpath repair ${Date.now()}`;
  const end = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/project/create', {
    headers,
    data: {
      title,
      charity_id: charityId,
      description: 'Mending the towpath.',
      end_date: end,
      funds_target: 100_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const live = await page.request.patch(`/api/project/update/${projectId}`, { headers, data: { status: 2 } });
  expect(live.status(), await live.text()).toBe(200);

  await signInAs(page, DEMO.admin, '/admin/expiring');
  await settle(page);
  await page.getByRole('combobox', { name: 'Ending within' }).click();
  await page.getByRole('option', { name: '7 days' }).click();
  const box = page.getByRole('checkbox', { name: `Select ${title}` });
  await expect(box).toBeVisible();
  await expectAccessible(page, 'expiring projects');
  const mailsOf = async () => (await outbox()).filter((mail) => mail.subject === `${title} ends soon`);

  await box.check();
  await page.getByRole('button', { name: 'Mail selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mail the admins of 1 project?' });
  await expectAccessible(page, 'the reminder confirm dialog');
  await dialog.getByRole('button', { name: 'Send reminders' }).click();
  await expect(toast(page, 'Reminders sent')).toBeVisible();
  await expect.poll(async () => (await mailsOf()).length).toBe(1);
  const mail = (await mailsOf())[0];
  expect(mail?.to).toContain(DEMO.charity);
  expect(mail?.text.replace(/=\r?\n/g, '')).toContain(`/charity/projects/${projectId}`);

  // Again the same day: skipped, and no second mail.
  await page.getByRole('checkbox', { name: `Select ${title}` }).check();
  await page.getByRole('button', { name: 'Mail selected' }).click();
  await page
    .getByRole('dialog', { name: 'Mail the admins of 1 project?' })
    .getByRole('button', { name: 'Send reminders' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'Already reminded today.' }).first()).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(await mailsOf()).toHaveLength(1);

  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/Last reminded: (?!never)/)).toBeVisible();
  await expectAccessible(page, "a project's admin page");
});

test('an admin reads the statistics and changes the date range; the accounts are searchable', async ({
  page,
}) => {
  await signInAs(page, DEMO.admin, '/admin/statistics');
  await expect(page.getByRole('heading', { name: 'Money donated' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Figures computed/ })).toBeVisible();
  await expect(
    page.getByText(
      'Money that reached projects and charities from donations in the range, less money returned to donors, as recorded in the ledger.',
    ),
  ).toBeVisible();
  await expectAccessible(page, 'statistics');
  const year = new Date().getUTCFullYear();
  await page.getByLabel('From').fill(`${year - 1}-01-01`);
  await page.getByLabel('To').fill(`${year - 1}-12-31`);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Showing ${year - 1}-01-01 to ${year - 1}-12-31` }),
  ).toBeVisible();
  await expect(page.getByTestId('value-all_projects')).toHaveText('0');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe(
    `kindred-statistics-${year - 1}-01-01-${year - 1}-12-31.csv`,
  );

  await page.goto('/admin/accounts');
  await settle(page);
  await page.getByLabel('Name').fill('River');
  await expect(
    page.getByRole('table', { name: 'Charities' }).getByRole('link', { name: 'River Trust' }),
  ).toBeVisible();
  await expectAccessible(page, 'accounts');
  await page.getByRole('tab', { name: 'Projects' }).click();
  await page.getByLabel('Title').fill('litter pick');
  await expect(
    page
      .getByRole('table', { name: 'Projects' })
      .getByRole('link', { name: 'Riverside litter pick (Bristol)' }),
  ).toBeVisible();
});

test('an Employee sees the admin area but cannot change a person, and is told why', async ({ page }) => {
  await signInAs(page, 'staff@example.org', '/admin/people');
  await settle(page);
  await page.getByLabel('Name or email').fill(DEMO.donor);
  await page.getByRole('table', { name: 'People' }).getByRole('link', { name: 'Dana Donor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dana Donor' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toBeDisabled();
  await expect(page.getByText(/As an Employee you can look but not change anything/).first()).toBeVisible();
  await expectAccessible(page, 'a person, read-only');
});

/** A kind of account the admin locks, with the words of its review screen. */
const LOCKABLE = [
  { kind: 'charity', Noun: 'Charity', path: '/admin/charities', empty: 'Say why the charity is locked.' },
  {
    kind: 'organisation',
    Noun: 'Organisation',
    path: '/admin/organisations',
    empty: 'Say why it is locked.',
  },
] as const;

test('an admin locks a charity and an organisation with a reason, and unlocks them', async ({ page }) => {
  // A new person's charity and organisation, approved, so the demo's stay unlocked for the others.
  const founder = await registerActivated(page, 'lockable', 'Lou', 'Locke');
  const stamp = Date.now().toString(36);
  const names = { charity: `Lockable Trust ${stamp}`, organisation: `Lockable Works ${stamp}` };
  await test.step('the charity and the organisation are added and approved', async () => {
    const headers = { Authorization: `Bearer ${await apiToken(page.request, founder)}` };
    const admin = { Authorization: `Bearer ${await apiToken(page.request, DEMO.admin)}` };
    const charity = await page.request.post('/api/user/add/charity', {
      headers,
      data: { name: names.charity, charity_types: [5], description: 'Towpath repairs.' },
    });
    expect(charity.status(), await charity.text()).toBe(201);
    const business = await page.request.post('/api/user/add/business', {
      headers,
      data: { name: names.organisation },
    });
    expect(business.status(), await business.text()).toBe(201);
    const approvals = [
      page.request.post('/api/admin/charity/pending/update', {
        headers: admin,
        data: { charity_id: ((await charity.json()) as { id: number }).id, status: 'approved' },
      }),
      page.request.post('/api/admin/business/pending/update', {
        headers: admin,
        data: { business_id: ((await business.json()) as { id: number }).id, status: 'approved' },
      }),
    ];
    for (const approved of await Promise.all(approvals)) {
      expect(approved.status(), await approved.text()).toBe(200);
    }
  });

  await signInAs(page, DEMO.admin, '/admin');
  for (const { kind, Noun, path, empty } of LOCKABLE) {
    const name = names[kind];
    const reason = `Complaint about ${kind} funds (${stamp})`;
    const card = page.getByRole('article', { name });

    await test.step(`the ${kind} is locked with a reason, which is required`, async () => {
      await page.goto(`${path}?status=approved`);
      await expect(page.getByRole('tab', { name: 'Approved', selected: true })).toBeVisible();
      await expect(card).toBeVisible();
      await expect(card.getByText('Locked', { exact: true })).toHaveCount(0);
      await card.getByRole('button', { name: `Lock ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Lock ${name}?` });
      await dialog.getByRole('button', { name: `Lock ${kind}` }).click();
      await expect(dialog.getByText(empty)).toBeVisible();
      await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, `lock ${kind} dialog (reason missing)`);
      await dialog.getByLabel('Reason').fill(reason);
      await dialog.getByRole('button', { name: `Lock ${kind}` }).click();
      await expect(toast(page, `${Noun} locked`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(card.getByText('Locked', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: `Unlock ${name}` })).toBeVisible();
      await expectAccessible(page, `${kind} approvals with a locked ${kind}`);
    });

    await test.step(`the reason is in the audit log and in the mail to the ${kind}’s admins`, async () => {
      await page.goto('/admin/audit');
      await settle(page);
      const row = page
        .getByRole('table', { name: 'Admin actions' })
        .getByRole('row')
        .filter({ hasText: name });
      await expect(row.filter({ hasText: reason })).toHaveCount(1);
      const mail = await mailTo(founder, `${name} is locked on Kindred`);
      expect(mail.text).toContain(`Reason: ${reason}`);
    });

    await test.step(`the ${kind} is unlocked`, async () => {
      await page.goto(`${path}?status=approved`);
      await card.getByRole('button', { name: `Unlock ${name}` }).click();
      await page
        .getByRole('dialog', { name: `Unlock ${name}?` })
        .getByRole('button', { name: `Unlock ${kind}` })
        .click();
      await expect(toast(page, `${Noun} unlocked`)).toBeVisible();
      await expect(card.getByText('Locked', { exact: true })).toHaveCount(0);
      await expect(card.getByRole('button', { name: `Lock ${name}` })).toBeVisible();
    });
  }
});
