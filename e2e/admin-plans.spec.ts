import {
  apiToken,
  DEMO,
  expectAccessible,
  journeySetUp,
  openMainLink,
  openSection,
  signInAs,
  toast,
} from './support/app';
import { type APIRequestContext, expect, test } from './support/test';

/**
 * The plans organisations subscribe to (issue "Organisations"): a platform admin opens the plans
 * and discount codes screen from the admin area, is told beside the field that a fee must be an
 * amount, adds a plan, sees it listed with its fee and offered, changes its fee in the plan's edit
 * dialog and sees the new price kept after a reload, stops offering it and sees that kept too; Acme's list of plans to choose from has it, then no longer. The plan's name
 * is new each run, so reruns on the same data do not meet an earlier run's plan.
 */

journeySetUp(180_000);

/** The names of the plans Acme's Super Admin may choose from (the subscription screen's list). */
async function plansOfferedToAcme(request: APIRequestContext): Promise<string[]> {
  const token = await apiToken(request, DEMO.business);
  const headers = { authorization: `Bearer ${token}` };
  const me = await request.get('/api/user/get', { headers });
  const acme = (
    (await me.json()) as { business_membership: Array<{ business_id: number; name: string }> }
  ).business_membership.find((m) => m.name === 'Acme Ltd');
  if (!acme) throw new Error('the demo business admin is not in Acme Ltd');
  const plans = await request.get(`/api/business/${acme.business_id}/subscription/plans`, { headers });
  expect(plans.status(), await plans.text()).toBe(200);
  return ((await plans.json()) as { items: Array<{ name: string }> }).items.map((plan) => plan.name);
}

test('a platform admin adds a plan, is told about a bad fee, changes its fee and stops offering it', async ({
  page,
}) => {
  const name = `Journey plan ${Date.now().toString(36)}`;
  const plans = page.getByRole('table', { name: 'Plans' });
  const row = plans.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  const offered = page.getByRole('switch', { name: `Offer ${name}` });

  await test.step('the admin opens plans and discount codes from the admin area', async () => {
    await signInAs(page, DEMO.admin);
    await openMainLink(page, 'Admin');
    await openSection(page, 'Admin', 'Subscriptions');
    await expect(page).toHaveURL(/\/admin\/subscriptions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await expect(plans.getByRole('rowheader', { name: 'Starter', exact: true })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Offer Legacy' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Offer Starter' })).toBeChecked();
    await expect(row).toHaveCount(0);
  });

  const form = page.getByRole('form', { name: 'Add a plan' });
  const fee = form.getByLabel('Fee', { exact: true });
  await test.step('a fee that is not an amount is refused beside the field', async () => {
    await form.getByLabel('Name').fill(name);
    await fee.fill('12,50x');
    await form.getByRole('button', { name: 'Add plan' }).click();
    await expect(fee).toHaveAttribute('aria-invalid', 'true');
    await expect(fee).toBeFocused();
    await expect(fee).toHaveAccessibleDescription(
      /Use digits and a decimal point only, for example 250 or 99\.50\./,
    );
    await expect(
      form.getByText('Use digits and a decimal point only, for example 250 or 99.50.'),
    ).toBeVisible();
    await expect(form.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(row).toHaveCount(0);
    await expectAccessible(page, 'add a plan (with a refusal)');
  });

  await test.step('with a good fee the plan is added, listed and offered', async () => {
    await fee.fill('1234.50');
    await expect(fee).not.toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Fee type').selectOption({ label: 'Annual' });
    await form.getByLabel('Description').fill('A plan added by a journey.');
    await form.getByRole('button', { name: 'Add plan' }).click();
    await expect(toast(page, 'Update successful')).toContainText(`The plan ${name} is offered.`);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('₹1,234.50 a year');
    await expect(row).toContainText('Annual');
    await expect(offered).toBeChecked();
    // The form is empty again for the next plan.
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(fee).toHaveValue('');
    await expectAccessible(page, 'admin plans and discount codes');
    expect(await plansOfferedToAcme(page.request)).toContain(name);
  });

  await test.step('the admin changes its fee in a dialog; the new price is kept', async () => {
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    const newFee = dialog.getByLabel('Fee', { exact: true });
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await expect(dialog.getByLabel('Description')).toHaveValue('A plan added by a journey.');
    await expect(newFee).toHaveValue('1234.50');
    await expect(dialog).toContainText('An annual plan stays annual.');
    await expectAccessible(page, 'edit a plan');
    await newFee.fill('1500');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Plan updated')).toContainText(name);
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('₹1,500 a year');
    await expect(row).toContainText('Annual');
    await expect(offered).toBeChecked();
    await page.reload();
    await expect(row).toContainText('₹1,500 a year');
  });

  await test.step('the admin stops offering it; that is kept', async () => {
    await offered.click();
    await expect(offered).not.toBeChecked();
    // The switches are usable again once the change is saved.
    await expect(offered).toBeEnabled();
    await page.reload();
    await expect(row).toContainText('₹1,500 a year');
    await expect(offered).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Offer Starter' })).toBeChecked();
    const offeredNow = await plansOfferedToAcme(page.request);
    expect(offeredNow).not.toContain(name);
    expect(offeredNow).toContain('Starter');
  });
});
