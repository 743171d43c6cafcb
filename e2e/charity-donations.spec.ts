import { readFile } from 'node:fs/promises';
import {
  apiGet,
  apiLogin,
  apiPost,
  DEMO,
  expectAccessible,
  type ProjectBody,
  projectNeedingHours,
  signInAs,
  toast,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * A charity's donations end to end: a donor offers time to one of River Trust's Live projects
 * (through the API); the charity admin approves the offer in the donations inbox, later completes
 * it confirming the hours given, and the project's Donations tab shows the confirmed hours. A gift
 * of funds with Gift Aid is then claimed and the claim's CSV downloads. Each screen is checked with axe.
 */

/** A gift through the API, answered 201 with the gift. */
async function donate(page: Page, token: string, path: string, data: Record<string, unknown>) {
  return (await apiPost<{ donation: { id: number; status: number } }>(page, token, path, data)).donation;
}

/** A toast (Mantine notification, role alert) whose title is `title`. */

test.describe.configure({ timeout: 150_000 });

test('the charity approves an offer of time, completes it with the hours given, and claims Gift Aid with its CSV', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const donor = await apiLogin(page.request, DEMO.donor);
  const admin = await apiLogin(page.request, DEMO.charity);
  const charityId = (admin.charity_membership[0] as { charity_id: number }).charity_id;
  const donorName = `${donor.user.first_name} ${donor.user.last_name}`;

  // A Live project of the charity that still needs volunteering hours.
  const target = await projectNeedingHours(page, admin.token, charityId, 3);
  const confirmedBefore = (await apiGet<ProjectBody>(page, admin.token, `/project/${target.id}`))
    .hours_confirmed;

  const offer = await donate(page, donor.token, `/user/donate/project/${target.id}`, {
    type: 3,
    hours: 3,
    date: '',
    message: `Count me in ${stamp}`,
  });
  expect(offer.status).toBe(30);

  await signInAs(page, DEMO.charity);

  await test.step('the inbox lists the offer first, waiting for the charity; the admin approves it', async () => {
    await page.goto('/charity/donations');
    const waiting = page.getByRole('region', { name: /Waiting for you/ });
    const card = waiting.getByRole('listitem').filter({ hasText: stamp });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`3 hours from ${donorName}`);
    await expectAccessible(page, 'the donations inbox');
    await card.getByRole('checkbox').check();
    await expect(page.getByText('1 donation chosen')).toBeVisible();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(toast(page, 'Donations approved')).toBeVisible();
    await expect(waiting.getByRole('listitem').filter({ hasText: stamp })).toHaveCount(0);
  });

  await test.step('later, the admin completes it, confirming 2 of the 3 hours pledged', async () => {
    await page.goto(`/charity/donations?status=80&type=3&project=${target.id}`);
    const list = page.getByRole('region', { name: 'Matching donations' });
    const card = list.getByRole('listitem').filter({ hasText: stamp });
    await expect(card).toContainText('Approved');
    await card.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Complete…' }).click();
    const form = page.getByRole('form', { name: 'Complete donations' });
    const hours = form.getByLabel(`Hours given by ${donorName}`);
    await expect(hours).toHaveValue('3');
    await expectAccessible(page, 'completing a donation');
    await hours.fill('2');
    await form.getByRole('button', { name: 'Complete 1 donation' }).click();
    await expect(toast(page, 'Donations completed')).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: stamp })).toHaveCount(0);
  });

  await test.step("the project's Donations tab shows the confirmed hours", async () => {
    await page.goto(`/charity/projects/${target.id}?tab=donations`);
    await expect(page.getByTestId('hours-confirmed')).toHaveText(`${confirmedBefore + 2} h`);
    const volunteers = page.getByRole('region', { name: 'Volunteers by date' });
    await expect(volunteers.getByText(`${donorName}: 3 hours (2 confirmed)`).first()).toBeVisible();
    await expectAccessible(page, "the project's donations");
  });

  await test.step('a gift of funds with Gift Aid is claimed and the CSV downloads', async () => {
    const gift = await donate(page, donor.token, `/user/donate/charity/${charityId}`, {
      type: 2,
      amount: 4_000,
      source: 'wallet',
      gift_aid: true,
      message: `Gift Aid ${stamp}`,
    });
    expect(gift.status).toBe(80);
    await page.goto('/charity/gift-aid');
    await expect(page.getByTestId('unclaimed-donations')).toBeVisible();
    await expectAccessible(page, 'Gift Aid');
    await page.getByRole('button', { name: 'Claim Gift Aid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Claim Gift Aid?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Make the claim' }).click();
    await expect(toast(page, 'Gift Aid claimed')).toBeVisible();
    await expect(page.getByText(/No Gift Aid to claim/)).toBeVisible();

    const claims = page.getByRole('region', { name: 'Claims' });
    const download = page.waitForEvent('download');
    await claims
      .getByRole('button', { name: /Download CSV of claim/ })
      .first()
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^gift-aid-claim-\d+\.csv$/);
    const csv = await readFile((await file.path()) as string, 'utf8');
    expect(csv.split('\n')[0]).toMatch(/Title.*First name.*Last name.*Postcode.*Amount/i);
    expect(csv).toContain('40.00');
  });

  await test.step('the statistics show what the charity received, by month', async () => {
    await page.goto('/charity/statistics');
    await expect(page.getByText('Funds received')).toBeVisible();
    await expect(page.getByRole('table', { name: 'By month' })).toBeVisible();
    await expectAccessible(page, 'the statistics');
  });
});
