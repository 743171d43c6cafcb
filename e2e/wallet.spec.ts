import { readFile } from 'node:fs/promises';
import { formatMoney } from '../packages/shared/src/money/money';
import {
  apiGet,
  apiToken,
  CARD_DECLINED,
  CARD_OK,
  DEMO,
  EXPIRY_YEAR,
  expectAccessible,
  signInAs,
  signOut,
} from './support/app';
import { expect, type Locator, type Page, test } from './support/test';

/** The wallet journeys (issue 3): add money, history, statement, declined card, direct debits, admin credits. */

interface WalletBody {
  wallet_amount: number;
  credits: number;
  held: number;
  currency: string;
}

/** The value shown under a label of the balance ('Wallet balance', 'Credits', 'Held'). */
function balanceValue(page: Page, label: string): Locator {
  return page.getByRole('region', { name: 'Balance' }).locator(`dt:text-is("${label}") + dd`);
}

async function fillCard(form: Locator, number: string) {
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry month').fill('12');
  await form.getByLabel('Expiry year').fill(EXPIRY_YEAR);
  await form.getByLabel('Security code').fill('123');
}

async function openWallet(page: Page) {
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(balanceValue(page, 'Wallet balance')).toBeVisible();
}

test.describe('wallet', () => {
  test('the donor adds money with the test card, sees the balance and history, and downloads the statement', async ({
    page,
  }) => {
    const donorToken = await apiToken(page.request, DEMO.donor);
    const before = await apiGet<WalletBody>(page, donorToken, '/user/wallet');

    await signInAs(page, DEMO.donor);
    await openWallet(page);
    await expect(balanceValue(page, 'Wallet balance')).toHaveText(
      formatMoney(before.wallet_amount, before.currency),
    );
    await expect(balanceValue(page, 'Credits')).toHaveText(formatMoney(before.credits, before.currency));
    await expectAccessible(page, 'wallet');

    // Validation first: 0 and three decimals are refused on the field, nothing is sent.
    const form = page.getByRole('form', { name: 'Add money' });
    await form.getByLabel('Amount').fill('0');
    await form.getByRole('button', { name: 'Add money' }).click();
    await expect(form.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('The amount cannot be 0.')).toBeVisible();
    await form.getByLabel('Amount').fill('1.234');
    await form.getByRole('button', { name: 'Add money' }).click();
    await expect(form.getByText('Use at most 2 decimals.')).toBeVisible();

    await form.getByLabel('Amount').fill('123.45');
    await fillCard(form, CARD_OK);
    await form.getByRole('button', { name: 'Add money' }).click();

    await expect(page.getByText('Money added to wallet', { exact: true })).toBeVisible();
    const after = before.wallet_amount + 12_345;
    await expect(balanceValue(page, 'Wallet balance')).toHaveText(formatMoney(after, before.currency));
    // The form is cleared for the next top-up.
    await expect(form.getByLabel('Card number')).toHaveValue('');

    const history = page.getByRole('region', { name: 'History' });
    // Each line names what it was (a card top-up, not a bare number).
    const row = history.getByRole('row').filter({ hasText: 'Card top-up' }).first();
    await expect(row).toContainText(`+${formatMoney(12_345, before.currency)}`);
    await expect(row).toContainText('Top-up');
    await expect(history.getByText(/^Donation \d+/)).toHaveCount(0);

    // The type filter narrows the list to the deposit.
    await history.getByLabel('Type').selectOption('deposit');
    await expect(history.getByRole('row').filter({ hasText: 'Card top-up' }).first()).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: 'Deposit recorded by Kindred' })).toHaveCount(0);
    await history.getByLabel('Type').selectOption('');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: 'Download statement (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^kindred-statement-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('date,description,type,account,amount,currency,status');
    expect(csv).toMatch(/,Card top-up,deposit,wallet,123\.45,INR,/);

    await expectAccessible(page, 'wallet after adding money');

    // The API agrees with the screen.
    expect((await apiGet<WalletBody>(page, donorToken, '/user/wallet')).wallet_amount).toBe(after);
  });

  test('a declined card shows the server message and moves nothing', async ({ page }) => {
    await signInAs(page, DEMO.donor);
    await openWallet(page);
    const shown = await balanceValue(page, 'Wallet balance').textContent();

    const form = page.getByRole('form', { name: 'Add money' });
    await form.getByLabel('Amount').fill('10');
    await fillCard(form, CARD_DECLINED);
    await form.getByRole('button', { name: 'Add money' }).click();

    const alert = form.getByRole('alert');
    await expect(alert).toContainText('Card declined');
    await expect(alert).toContainText('Your card was declined. Try another card.');
    await expect(page.getByText('Money added to wallet', { exact: true })).toHaveCount(0);
    await expect(balanceValue(page, 'Wallet balance')).toHaveText(shown ?? '');
    await expectAccessible(page, 'wallet with a declined card');
  });

  test('the donor sets up a direct debit and cancels it', async ({ page }) => {
    await signInAs(page, DEMO.donor);
    await openWallet(page);

    const form = page.getByRole('form', { name: 'Set up a direct debit' });
    await form.getByLabel('Amount').fill('57');
    await form.getByLabel('How often').selectOption({ label: 'Weekly' });
    // The first charge defaults to today.
    await fillCard(form, CARD_OK);
    await form.getByRole('button', { name: 'Set up direct debit' }).click();
    await expect(page.getByText('Direct debit set up', { exact: true })).toBeVisible();

    const list = page.getByRole('list', { name: 'Your direct debits' });
    const debit = list.getByRole('listitem').filter({ hasText: `${formatMoney(5_700)} weekly` });
    await expect(debit).toHaveCount(1);
    await expect(debit).toContainText('Active');
    await expect(debit).toContainText('4242');
    await expectAccessible(page, 'wallet with a direct debit');

    // Declining the confirm dialog keeps it.
    await debit.getByRole('button', { name: /^Cancel direct debit of/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this direct debit?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'cancel direct debit dialog');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await expect(debit).toContainText('Active');

    await debit.getByRole('button', { name: /^Cancel direct debit of/ }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this direct debit?' })
      .getByRole('button', { name: 'Yes, cancel it' })
      .click();
    await expect(page.getByText('Direct debit cancelled', { exact: true })).toBeVisible();
    await expect(debit).toContainText('Cancelled');
    await expect(debit.getByRole('button', { name: /^Cancel direct debit of/ })).toHaveCount(0);
  });

  test('a platform admin deposits credits to the donor, who sees them', async ({ page }) => {
    const donorToken = await apiToken(page.request, DEMO.donor);
    const donor = (await apiGet<{ user: { id: number } }>(page, donorToken, '/user/get')).user;
    const before = await apiGet<WalletBody>(page, donorToken, '/user/wallet');
    const reason = `E2E thank-you credits ${Date.now()}`;
    // A mandate of the donor's for the admin's list.
    const mandate = await page.request.post('/api/user/create_direct_debit', {
      headers: { Authorization: `Bearer ${donorToken}`, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        amount: 6_100,
        frequency: 3,
        start_date: new Date().toISOString().slice(0, 10),
        card: { number: '4242424242424242', exp_month: 12, exp_year: Number(EXPIRY_YEAR), cvc: '123' },
      },
    });
    expect(mandate.status()).toBe(201);

    await signInAs(page, DEMO.admin, '/admin/money');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin deposits' })).toBeVisible();
    await expectAccessible(page, 'admin deposits');

    const form = page.getByRole('form', { name: 'Deposit money or credits' });
    await form.getByRole('radio', { name: 'A person' }).check();
    // The person is found by name or email, never by an id the admin cannot see.
    await form.getByRole('textbox', { name: 'Person' }).fill('donor@ex');
    await page
      .getByRole('listbox', { name: 'People found' })
      .getByRole('option', { name: 'Dana Donor (donor@example.org)' })
      .click();
    await expect(form.getByRole('textbox', { name: 'Person' })).toHaveValue('Dana Donor (donor@example.org)');
    await form.getByRole('radio', { name: 'Credits (donations only)' }).check();
    await form.getByLabel('Amount').fill('75');
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Deposit credits' }).click();

    // Cancelling the confirm dialog deposits nothing; confirming does.
    const dialog = page.getByRole('dialog', { name: 'Deposit credits?' });
    await expect(dialog).toContainText('to Dana Donor (donor@example.org)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await apiGet<WalletBody>(page, donorToken, '/user/wallet')).credits).toBe(before.credits);

    await form.getByRole('button', { name: 'Deposit credits' }).click();
    await page
      .getByRole('dialog', { name: 'Deposit credits?' })
      .getByRole('button', { name: 'Yes, deposit' })
      .click();
    await expect(page.getByText('Deposit recorded', { exact: true })).toBeVisible();
    const credits = before.credits + 7_500;
    const result = page.getByRole('region', { name: 'New balance of Dana Donor (donor@example.org)' });
    await expect(result.locator('dt:text-is("Credits") + dd')).toHaveText(
      formatMoney(credits, before.currency),
    );
    await expect(result.locator('dt:text-is("Wallet balance") + dd')).toHaveText(
      formatMoney(before.wallet_amount, before.currency),
    );
    await expectAccessible(page, 'admin deposits after a deposit');

    // A search that finds nobody says so, and nothing is deposited until someone is picked.
    await form.getByRole('textbox', { name: 'Person' }).fill('Zzyzx Nobody');
    await expect(form.getByText('Nobody found by that name or email.')).toBeVisible();
    await form.getByLabel('Amount').fill('1');
    await form.getByLabel('Reason').fill('Nobody home');
    await form.getByRole('button', { name: 'Deposit credits' }).click();
    await expect(form.getByRole('textbox', { name: 'Person' })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Choose the person from the list: type their name or email.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Deposit credits?' })).toBeHidden();

    await page
      .getByRole('navigation', { name: 'Admin money screens' })
      .getByRole('link', { name: 'Direct debits' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'All direct debits' })).toBeVisible();
    await page.getByLabel('Status').selectOption('active');
    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: `Person #${donor.id}` });
    await expect(row.filter({ hasText: formatMoney(6_100) }).first()).toContainText('Active');
    await page.getByLabel('Status').selectOption('failed');
    await expect(page.getByText('No failed direct debits.')).toBeVisible();
    await page.getByLabel('Status').selectOption('');
    await expectAccessible(page, 'admin direct debits');

    await signOut(page);
    await signInAs(page, DEMO.donor);
    await openWallet(page);
    await expect(balanceValue(page, 'Credits')).toHaveText(formatMoney(credits, before.currency));
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('row').filter({ hasText: reason })).toContainText(
      `+${formatMoney(7_500, before.currency)}`,
    );
  });

  test("an organisation's Super Admin tops up its wallet; its employee is told the wallet is for admins", async ({
    page,
  }) => {
    await signInAs(page, DEMO.business);
    await page.getByLabel('Active account').selectOption({ label: 'Acme Ltd (organisation)' });
    await openWallet(page);
    await expect(
      page.getByText('The wallet of Acme Ltd, which you manage as an organisation admin.'),
    ).toBeVisible();
    const before = await balanceValue(page, 'Wallet balance').textContent();
    const form = page.getByRole('form', { name: 'Add money' });
    await form.getByLabel('Amount').fill('10');
    await fillCard(form, CARD_OK);
    await form.getByRole('button', { name: 'Add money' }).click();
    await expect(page.getByText('Money added to wallet', { exact: true })).toBeVisible();
    await expect(balanceValue(page, 'Wallet balance')).not.toHaveText(before ?? '');
    await expect(
      page.getByRole('region', { name: 'History' }).getByRole('row').filter({ hasText: 'Card top-up' }),
    ).toHaveCount(1);
    await expectAccessible(page, 'organisation wallet');
    await signOut(page);

    await signInAs(page, DEMO.employee);
    await page.getByLabel('Active account').selectOption({ label: 'Acme Ltd (organisation)' });
    await page.goto('/wallet');
    await expect(page.getByText(/The wallet of Acme Ltd is for its Super Admins and Admins/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Balance' })).toHaveCount(0);
    await expectAccessible(page, 'organisation wallet for an employee');
    await page.getByRole('button', { name: 'Show my personal wallet' }).click();
    await expect(balanceValue(page, 'Wallet balance')).toBeVisible();
  });

  test('people who are not platform admins are told the admin money screens are not for them', async ({
    page,
  }) => {
    await signInAs(page, DEMO.donor, '/admin/money');
    await expect(page.getByText('This area is for platform admins only.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Deposit money or credits' })).toHaveCount(0);
    await page.goto('/admin/direct-debits');
    await expect(page.getByText('This area is for platform admins only.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
