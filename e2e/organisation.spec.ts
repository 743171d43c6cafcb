import {
  actAs,
  apiGet,
  apiToken,
  approveSelected,
  DEMO,
  expectAccessible,
  journeySetUp,
  openGiveFlow,
  openSection,
  RIVER_CLEAN_UP,
  registerActivated,
  signInAs,
  signOut,
  toast,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * Giving on behalf of an organisation (issue "Organisations"): Acme's Super Admin sets a
 * two-approver sign-off policy and makes a second colleague a sign-off admin, gives to a Live
 * project as Acme, and two other sign-off admins approve it in their inbox; the charity then sees
 * the gift from Acme at 80. On the way a person adds their own organisation and a platform admin
 * approves it. Every new screen is checked with axe.
 */

interface Card {
  id: number;
  title: string;
}

journeySetUp(180_000);

async function openSignoff(page: Page) {
  await page.goto('/organisation/sign-off');
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Ltd' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign-off policy' })).toBeVisible();
}

test('a business admin sets a two-approver policy, gives as Acme, and two sign-off admins approve it', async ({
  page,
}) => {
  const response = await page.request.get(
    `/api/explore/project/list?q=${encodeURIComponent(RIVER_CLEAN_UP)}`,
  );
  const project = ((await response.json()) as { items: Card[] }).items.find(
    (p) => p.title === RIVER_CLEAN_UP,
  );
  if (!project) throw new Error('no Live demo project to give to');

  const name = `Founder Widgets ${Date.now().toString(36)}`;
  await test.step('a person adds their organisation', async () => {
    // A new person: the demo donor must stay a person with no organisation for the other journeys.
    await signInAs(page, await registerActivated(page, 'founder'), '/organisation/register');
    const form = page.getByRole('form', { name: 'Add your organisation' });
    await form.getByRole('button', { name: 'Add organisation' }).click();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'add your organisation (with a refusal)');
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Add organisation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Organisation added' })).toBeVisible();
    await signOut(page);
  });

  await test.step('a platform admin approves it', async () => {
    await signInAs(page, DEMO.admin, '/admin/organisations');
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expectAccessible(page, 'organisation approvals');
    await card.getByRole('button', { name: `Approve ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve organisation' }).click();
    await expect(toast(page, 'Organisation approved')).toBeVisible();
    await expect(card).toBeHidden();
    await signOut(page);
  });

  await test.step('the Super Admin sets a two-approver policy', async () => {
    await signInAs(page, DEMO.business);
    await actAs(page, 'Acme Ltd', 'organisation');
    await openSignoff(page);
    await expectAccessible(page, 'organisation sign-off: policy and inbox');
    const policy = page.getByRole('form', { name: 'Sign-off policy' });
    await policy.getByLabel('Approvals every donation needs').fill('2');
    await policy.getByLabel('Ask for more approvals for large donations').uncheck();
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await expect(toast(page, 'The sign-off policy is saved.')).toBeVisible();
  });

  await test.step('the profile, and a second colleague made a sign-off admin on the members screen', async () => {
    await openSection(page, 'Organisation', 'Profile');
    await expect(page.getByRole('heading', { name: 'Organisation profile' })).toBeVisible();
    await expectAccessible(page, 'organisation profile');
    await openSection(page, 'Organisation', 'Members');
    const employee = page.getByLabel('Emery Employee signs off donations');
    await expect(employee).toBeVisible();
    await expectAccessible(page, 'organisation members');
    await employee.click();
    await expect(toast(page, 'Sign-off admin added')).toBeVisible();
    await expect(employee).toBeChecked();
  });

  await test.step('gives ₹250 to a project as Acme: sent for sign-off', async () => {
    const { dialog, details } = await openGiveFlow(page, project.id);
    await expect(details.getByLabel('Acme Ltd', { exact: true })).toBeChecked();
    await details.getByRole('button', { name: '₹250' }).click();
    await expectAccessible(page, 'give as Acme: details');
    await details.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByText('On behalf of Acme Ltd')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm: give ₹250', exact: true }).click();
    const done = dialog.getByTestId('give-confirmation');
    await expect(done.getByRole('heading', { name: 'Sent for sign-off' })).toBeVisible();
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    // The requester's own inbox shows it, but not for them to approve.
    await openSignoff(page);
    const mine = page.getByRole('listitem').filter({ hasText: `₹250 to ${RIVER_CLEAN_UP}` });
    await expect(mine).toContainText('0 of 2 approvals');
    await expect(mine).toContainText('You asked for this one');
    await signOut(page);
  });

  for (const [who, after] of [
    [DEMO.signoff, '1 of 2 approvals'],
    [DEMO.employee, null],
  ] as const) {
    await test.step(`${who} approves it in the inbox`, async () => {
      await signInAs(page, who);
      await actAs(page, 'Acme Ltd', 'organisation');
      await openSignoff(page);
      const item = page.getByRole('listitem').filter({ hasText: `₹250 to ${RIVER_CLEAN_UP}` });
      await expect(item).toBeVisible();
      await expectAccessible(page, `approval inbox as ${who}`);
      await item.getByRole('checkbox').check();
      await approveSelected(page, 1, 'Approve 1 gift totalling ₹250?');
      if (after) await expect(item).toContainText(after);
      else await expect(item).toHaveCount(0);
      await signOut(page);
    });
  }

  await test.step('the charity sees the gift from Acme, approved (80)', async () => {
    const { items } = await apiGet<{
      items: Array<{
        amount: number;
        status: number;
        donor: { kind: string; name: string };
        history: unknown[];
      }>;
    }>(
      page,
      await apiToken(page.request, DEMO.charity),
      `/project/${project.id}/donations?status=80&limit=100`,
    );
    const gift = items.find((d) => d.donor.kind === 'business' && d.amount === 25_000);
    expect(gift).toMatchObject({ status: 80, donor: { name: 'Acme Ltd' } });
    expect(gift?.history).toHaveLength(4);
  });
});
