import { readFile } from 'node:fs/promises';
import {
  actAs,
  apiToken,
  DEMO,
  expectAccessible,
  journeySetUp,
  openSection,
  registerActivated,
  signInAs,
  signOut,
  toast,
} from './support/app';
import { expect, test } from './support/test';

/**
 * Organisation subscriptions (issue "Organisations"): a platform admin adds a discount code on the
 * plans and codes screen; a newly registered person's organisation, once approved, previews a plan
 * with that code, subscribes paying by direct debit, sees its current plan and downloads the first
 * invoice as a PDF. A new organisation, so Acme's demo subscription stays as the demo shows it.
 * Acme's Super Admin changes its plan from the next period (decision 039), sees the new plan and its
 * price, and keeps the current plan again.
 */

journeySetUp(180_000);

test('a business subscribes with a discount code and downloads the invoice', async ({ page }) => {
  const code = `JOURNEY${Date.now().toString(36).toUpperCase()}`;

  await test.step('a platform admin adds a discount code', async () => {
    await signInAs(page, DEMO.admin, '/admin');
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Plans' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Discount codes' })).toBeVisible();
    await expectAccessible(page, 'admin plans and discount codes');
    const form = page.getByRole('form', { name: 'Add a discount code' });
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Percent off').fill('25');
    await form.getByLabel('Maximum uses').fill('3');
    await form.getByRole('button', { name: 'Add code' }).click();
    await expect(toast(page, 'Update successful')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Discount codes' }).getByText(code)).toBeVisible();
    await signOut(page);
  });

  const name = `Subscriber Works ${Date.now().toString(36)}`;
  const founder = await registerActivated(page, 'subscriber');
  await test.step('the organisation is added and approved', async () => {
    const token = await apiToken(page.request, founder);
    const added = await page.request.post('/api/user/add/business', {
      headers: { authorization: `Bearer ${token}` },
      data: { name },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { id } = (await added.json()) as { id: number };
    const adminToken = await apiToken(page.request, DEMO.admin);
    const approved = await page.request.post('/api/admin/business/pending/update', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { business_id: id, status: 'approved' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  });

  await test.step('the Super Admin previews a plan with the code and subscribes by direct debit', async () => {
    await signInAs(page, founder, '/organisation/subscription');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.account-area')).toHaveAttribute('data-account-kind', 'organisation');
    const form = page.getByRole('form', { name: 'Choose a plan' });
    await form.getByRole('radio', { name: /^Starter/ }).check();
    await form.getByLabel('Discount code').fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Preview price' }).click();
    const price = page.getByRole('region', { name: 'Price of the first period' });
    await expect(price).toContainText(`code ${code}`);
    await expect(price).toContainText('Total: ₹1,875 a month');
    await expectAccessible(page, 'organisation subscription: plans and preview');
    await form.getByRole('radio', { name: 'By direct debit from a card' }).check();
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry month').fill('12');
    await form.getByLabel('Expiry year').fill('2035');
    await form.getByLabel('Security code').fill('123');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page, 'Subscription successful')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Current plan: Starter' })).toBeVisible();
    await expect(page.getByText(`${code}: 25% off`)).toBeVisible();
    await expect(page.getByText(/Direct debit/).first()).toBeVisible();
    await expectAccessible(page, 'organisation subscription: current plan and history');
  });

  await test.step('the invoice downloads as a PDF', async () => {
    await openSection(page, 'Organisation', 'Invoices');
    const table = page.getByRole('table', { name: 'Invoices' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Starter');
    await expect(table).toContainText('Paid');
    await expectAccessible(page, 'organisation invoices');
    const number = (await table.getByRole('rowheader').first().textContent())?.trim() ?? '';
    expect(number).toMatch(/^INV-\d{6}$/);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download PDF of invoice ${number}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`kindred-${number}.pdf`);
    const file = await readFile((await download.path()) as string);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

test('a Super Admin changes plan from the next period, sees what it costs, then keeps the plan', async ({
  page,
}) => {
  // Acme's demo subscription: Business with the code LAUNCH10 (10% off). The change only names the
  // next period's plan, and keeping the plan at the end leaves Acme as the demo shows it.
  await signInAs(page, DEMO.business);
  await actAs(page, 'Acme Ltd', 'organisation');
  await page.goto('/organisation/subscription');
  await expect(page.getByRole('heading', { name: 'Current plan: Business' })).toBeVisible();
  const change = page.getByRole('region', { name: 'Change plan' });

  await test.step('the new plan is required', async () => {
    await change.getByRole('button', { name: 'Change plan' }).click();
    await expect(change.getByText('Choose the plan to change to.')).toBeVisible();
  });

  await test.step('the Super Admin chooses Starter and confirms the price the dialog states', async () => {
    await change.getByRole('radio', { name: /^Starter/ }).check();
    await change.getByRole('button', { name: 'Change plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change to Starter?' });
    await expect(dialog).toContainText('each period costs ₹2,250 a month (code LAUNCH10 applied)');
    await expect(dialog).toContainText('Nothing is charged now: Business stays until then.');
    await expectAccessible(page, 'change plan confirmation');
    await dialog.getByRole('button', { name: 'Change plan' }).click();
    await expect(toast(page, 'Plan changed')).toBeVisible();
  });

  await test.step('the screen states the next plan and its price; the current plan stays', async () => {
    await expect(change.getByText(/^From .+: Starter, ₹2,250 a month$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Current plan: Business' })).toBeVisible();
    await expectAccessible(page, 'organisation subscription: plan changed');
    // Still so once the screen is loaded again.
    await page.reload();
    await expect(change.getByText(/^From .+: Starter, ₹2,250 a month$/)).toBeVisible();
  });

  await test.step('keeping the current plan takes the change back', async () => {
    await change.getByRole('button', { name: 'Keep Business' }).click();
    await expect(toast(page, 'Plan kept')).toBeVisible();
    await expect(change.getByText(/: Starter, ₹2,250 a month$/)).toHaveCount(0);
    await expect(change.getByRole('button', { name: 'Keep Business' })).toHaveCount(0);
  });
});
