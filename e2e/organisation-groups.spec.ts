import {
  actAs,
  DEMO,
  expectAccessible,
  journeySetUp,
  openMainLink,
  openSection,
  signInAs,
  toast,
} from './support/app';
import { expect, test } from './support/test';

/**
 * An organisation's employee groups (issue "Organisations"): Acme's Super Admin, acting as Acme,
 * adds an employee group and a sub-group on the groups screen, puts Emery Employee in it, sees them
 * listed and counted, takes them out after the confirmation (declining it first keeps them) and sees
 * the sub-group empty again. The group's name is new each run, so reruns on the same data do not
 * meet an earlier run's group.
 */

journeySetUp(180_000);

test('an organisation admin adds an employee group, puts an employee in it and takes them out again', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const groupName = `Research ${stamp}`;
  const subName = `Lab ${stamp}`;
  const employee = 'Emery Employee';

  await test.step('the admin opens the groups of Acme', async () => {
    await signInAs(page, DEMO.business);
    await actAs(page, 'Acme Ltd', 'organisation');
    await openMainLink(page, 'Organisation');
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Ltd' })).toBeVisible();
    await openSection(page, 'Organisation', 'Groups');
    await expect(page).toHaveURL(/\/organisation\/groups$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Employee groups' })).toBeVisible();
    // The demo's groups are there before this walk adds its own.
    await expect(page.getByRole('heading', { level: 3, name: 'Engineering' })).toBeVisible();
    await expectAccessible(page, 'employee groups of Acme');
  });

  const group = page.getByRole('article', { name: groupName });
  await test.step('adds a group and a sub-group of it', async () => {
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New employee group' });
    // A name is needed: the refusal is beside the field.
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'new employee group (with a refusal)');
    await dialog.getByLabel('Name').fill(groupName);
    await dialog.getByLabel('Description (optional)').fill('People who try new things.');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Group added')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(group).toBeVisible();
    await expect(group.getByText('People who try new things.')).toBeVisible();
    await expect(group.getByText('No sub-groups yet.')).toBeVisible();

    await group.getByRole('button', { name: `Add sub-group to ${groupName}` }).click();
    const sub = page.getByRole('dialog', { name: 'New sub-group' });
    await sub.getByLabel('Name').fill(subName);
    await sub.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Sub-group added')).toBeVisible();
    await expect(sub).toBeHidden();
    await expect(group.getByText('No sub-groups yet.')).toBeHidden();
  });

  // The accordion's control: the sub-group's name and its count of members.
  const opener = group.getByRole('button', { name: new RegExp(`^${subName} \\d+ members?$`) });
  const members = page.getByRole('table', { name: `Members of ${subName}` });
  await test.step('opens the sub-group: nobody is in it yet', async () => {
    await expect(opener).toContainText('0 members');
    await opener.click();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await expect(group.getByText(`Nobody is in ${subName} yet.`)).toBeVisible();
    await expect(members).toBeHidden();
  });

  await test.step('puts Emery Employee in the sub-group', async () => {
    const choose = group.getByLabel(`Add a member to ${subName}`);
    await choose.selectOption({ label: `${employee} (${DEMO.employee})` });
    await group.getByRole('button', { name: `Add to ${subName}`, exact: true }).click();
    await expect(toast(page, 'Added to the sub-group')).toContainText(`${employee} is in ${subName}.`);
    await expect(members.getByRole('rowheader', { name: employee })).toBeVisible();
    await expect(members.getByText(DEMO.employee)).toBeVisible();
    await expect(members.getByRole('row')).toHaveCount(2);
    await expect(opener).toContainText('1 member');
    await expect(group.getByText(`Nobody is in ${subName} yet.`)).toBeHidden();
    // Someone already in it is not offered again.
    await expect(choose.getByRole('option', { name: new RegExp(DEMO.employee) })).toHaveCount(0);
    await expectAccessible(page, 'a sub-group with a member');
  });

  await test.step('declining the confirmation keeps them; confirming takes them out', async () => {
    const takeOut = members.getByRole('button', { name: `Take out ${employee} from ${subName}` });
    await takeOut.click();
    const confirm = page.getByRole('dialog', { name: `Take ${employee} out of ${subName}?` });
    await expect(confirm).toContainText(`${employee} stays a member of the organisation.`);
    await expectAccessible(page, 'take out confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(members.getByRole('rowheader', { name: employee })).toBeVisible();

    await takeOut.click();
    await confirm.getByRole('button', { name: 'Take out' }).click();
    await expect(toast(page, 'Taken out of the sub-group')).toContainText(employee);
    await expect(group.getByText(`Nobody is in ${subName} yet.`)).toBeVisible();
    await expect(members).toBeHidden();
    await expect(opener).toContainText('0 members');
    // They can be chosen again.
    await expect(
      group
        .getByLabel(`Add a member to ${subName}`)
        .getByRole('option', { name: `${employee} (${DEMO.employee})` }),
    ).toHaveCount(1);
  });

  await test.step('after a reload the sub-group is still empty and Emery is still in Acme', async () => {
    await page.reload();
    await expect(group).toBeVisible();
    await expect(opener).toContainText('0 members');
    await openSection(page, 'Organisation', 'Members');
    await expect(page.getByText(DEMO.employee).first()).toBeVisible();
  });
});
