import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  apiToken,
  DEMO,
  expectAccessible,
  invitationPath,
  journeySetUp,
  registerActivated,
  registerActivatedAs,
  signInAs,
  signOut,
  toast,
} from './support/app';
import { expect, test } from './support/test';

/**
 * Onboarding an organisation's people (issues "Organisations" and "Groups, invitations and joins"):
 * a business admin sets up an employee group, onboards employees from a real CSV file and reads the
 * per-row report; an invited newcomer registers with the invited address and the mailed code
 * makes them a member (in their sub-group); a person asks to join and the admin accepts. Every new
 * screen is checked with axe. The organisation is a new one, so the demo's Acme stays as it is.
 */

const CSV = fileURLToPath(new URL('./fixtures/onboarding-employees.csv', import.meta.url));

journeySetUp(240_000);

test('an admin onboards employees by CSV, a newcomer accepts the mailed invitation, and a join request is accepted', async ({
  page,
}) => {
  const orgName = `Onboard Co ${Date.now().toString(36)}`;
  const admin = await registerActivated(page, 'onboarder', 'Olive', 'Onboarder');

  await test.step('a platform admin adds the organisation with its Super Admin', async () => {
    const token = await apiToken(page.request, DEMO.admin);
    const created = await page.request.post('/api/business', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: orgName, admin_email: admin },
    });
    expect(created.status(), await created.text()).toBe(201);
  });

  await test.step('the admin sets up an employee group with a sub-group', async () => {
    await signInAs(page, admin, '/organisation/groups');
    await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
    await expect(page.getByText('No groups yet. Add the first one.')).toBeVisible();
    await expectAccessible(page, 'employee groups (empty)');
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New employee group' });
    await dialog.getByLabel('Name').fill('Engineering');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('heading', { name: 'Engineering' })).toBeVisible();
    await page.getByRole('button', { name: 'Add sub-group to Engineering' }).click();
    const sub = page.getByRole('dialog', { name: 'New sub-group' });
    await sub.getByLabel('Name').fill('Platform');
    await sub.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('button', { name: /Platform/ })).toBeVisible();
    await expectAccessible(page, 'employee groups');
  });

  // One row of the file is a person who already has an account.
  await registerActivatedAs(page, 'csv.existing@example.org', 'Erin', 'Existing');

  await test.step('the admin uploads the CSV file and reads the report', async () => {
    await page.goto('/organisation/onboarding');
    await expect(page.getByRole('heading', { name: 'Onboard employees from a file' })).toBeVisible();
    await expectAccessible(page, 'CSV onboarding');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the template' }).click();
    expect((await download).suggestedFilename()).toBe('employees-template.csv');
    await page.getByLabel('Employees file').setInputFiles({
      name: 'onboarding-employees.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(CSV),
    });
    const report = page.getByRole('table', { name: 'Rows of the file' });
    await expect(report).toBeVisible();
    await expect(page.getByTestId('csv-total-created')).toHaveText('1');
    await expect(page.getByTestId('csv-total-invited')).toHaveText('2');
    await expect(page.getByTestId('csv-total-error')).toHaveText('3');
    await expect(report.getByText('The email is not valid.')).toBeVisible();
    await expect(report.getByText('Unknown employee group "Finance".')).toBeVisible();
    await expect(report.getByText('Duplicate row: this email is on an earlier row.')).toBeVisible();
    await expectAccessible(page, 'CSV onboarding report');
  });

  await test.step('the members screen shows the pending invitations and the invite dialog', async () => {
    await page.goto('/organisation/members');
    const pending = page.getByRole('region', { name: 'Invitations waiting for an answer' });
    await expect(pending.getByText('csv.newcomer@example.org')).toBeVisible();
    await page.getByRole('button', { name: 'Invite by email' }).click();
    await expect(page.getByRole('dialog', { name: `Invite someone to ${orgName}` })).toBeVisible();
    await expectAccessible(page, 'invite by email dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await signOut(page);
  });

  await test.step('the newcomer opens the mailed invitation, registers and accepts it', async () => {
    const path = await invitationPath('csv.newcomer@example.org');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: `Join ${orgName}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await expectAccessible(page, 'invitation confirmation (visitor)');
    await registerActivatedAs(page, 'csv.newcomer@example.org', 'Casey', 'Newcomer');
    await signInAs(page, 'csv.newcomer@example.org', path);
    await expect(page.getByText('Invitation accepted')).toBeVisible();
    await expectAccessible(page, 'invitation confirmation (accepted)');
    await page.getByRole('link', { name: 'Go to the organisation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
    await signOut(page);
  });

  const asker = await registerActivated(page, 'asker', 'Avery', 'Asker');
  await test.step('a person asks to join the organisation', async () => {
    await signInAs(page, asker, '/join');
    await expect(page.getByRole('heading', { level: 1, name: 'Join an organisation' })).toBeVisible();
    await page.getByLabel('Organisation name').fill(orgName.slice(0, 12));
    await page.getByRole('button', { name: `Ask to join ${orgName}` }).click();
    await expect(toast(page, 'Request sent')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Your requests to join' }).getByText(orgName)).toBeVisible();
    await expectAccessible(page, 'join an organisation');
    await signOut(page);
  });

  await test.step('the admin accepts the request; the newcomer is in their sub-group', async () => {
    await signInAs(page, admin, '/organisation/requests');
    await expect(page.getByRole('heading', { name: 'Requests to join' })).toBeVisible();
    await expectAccessible(page, 'requests to join');
    await page.getByRole('button', { name: 'Accept Avery Asker' }).click();
    await expect(toast(page, 'Request accepted')).toBeVisible();
    await expect(page.getByText('Nobody is waiting to join.')).toBeVisible();
    await page.goto('/organisation/members');
    await expect(page.getByText(asker)).toBeVisible();
    await expect(page.getByText('csv.newcomer@example.org')).toBeVisible();
    await page.goto('/organisation/groups');
    await page.getByRole('button', { name: /Platform/ }).click();
    const platform = page.getByRole('table', { name: 'Members of Platform' });
    await expect(platform.getByText('csv.newcomer@example.org')).toBeVisible();
    await expect(platform.getByText('csv.existing@example.org')).toBeVisible();
  });
});
