import { readFile } from 'node:fs/promises';
import {
  apiToken,
  DEMO,
  expectAccessible,
  onlyThisApp,
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
 */

test.beforeEach(({ page }) => onlyThisApp(page));

test.describe.configure({ timeout: 180_000 });

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
    await page
      .getByRole('navigation', { name: 'Organisation sections' })
      .getByRole('link', { name: 'Invoices' })
      .click();
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
