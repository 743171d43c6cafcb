import { readFile } from 'node:fs/promises';
import { formatMoney, toAmountText } from '../packages/shared/src/money/money';
import {
  apiGet,
  apiLogin,
  apiPost,
  closeToasts,
  DEMO,
  expectAccessible,
  journeySetUp,
  signInAs,
  toast,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * Money out, end to end: River Trust's admin gives new bank details (they wait for a check), a
 * platform admin marks them checked, the charity asks for a payout of all that is available (a
 * direct gift the platform delivered among it), the platform admin approves it and it is paid, and
 * the charity downloads its statement (CSV). Each screen is checked with axe.
 */

const CSV_HEADER = 'date,donation,giver,to,receipt,gift,refunded,paid_in_this_payout';

/** A direct gift of ₹40 to the charity from the donor's wallet, delivered by the platform admin. */
async function deliveredGift(page: Page, charityId: number): Promise<number> {
  const donor = await apiLogin(page.request, DEMO.donor);
  const admin = await apiLogin(page.request, DEMO.admin);
  const given = await apiPost<{ donation: { id: number; status: number } }>(
    page,
    donor.token,
    `/user/donate/charity/${charityId}`,
    { type: 2, amount: 4_000, source: 'wallet', message: 'E2E: for the payout' },
  );
  expect(given.donation.status).toBe(80);
  await apiPost(page, admin.token, '/admin/complete', { donation_ids: [given.donation.id] }, 200);
  return given.donation.id;
}

journeySetUp(180_000);

test('a charity gives its bank account, Kindred checks it, the charity is paid out and downloads the statement', async ({
  page,
}) => {
  const charity = await apiLogin(page.request, DEMO.charity);
  const charityId = (charity.charity_membership[0] as { charity_id: number }).charity_id;
  const donationId = await deliveredGift(page, charityId);
  const funds = await apiGet<{ available: number }>(page, charity.token, `/charity/funds/${charityId}`);
  expect(funds.available).toBeGreaterThanOrEqual(4_000);
  const amount = formatMoney(funds.available);

  await test.step('the charity admin gives new bank details; they wait for a check', async () => {
    await signInAs(page, DEMO.charity, '/charity/funds');
    const section = page.getByRole('region', { name: 'Payout account' });
    await expect(page.getByRole('region', { name: 'Funds' }).getByTestId('funds-available')).toHaveText(
      amount,
    );
    const change = section.getByRole('button', { name: 'Change bank details' });
    // The demo's account is checked already: its details are changed; without one, the form shows.
    await expect(section.getByTestId('payout-account').or(section.getByRole('form'))).toBeVisible();
    if (await change.isVisible()) await change.click();
    const form = section.getByRole('form');
    await form.getByLabel('Name on the account').fill('River Trust');
    await form.getByLabel('Sort code').fill('12-34');
    await form.getByLabel('Account number').fill('87654321');
    await form.getByRole('button', { name: 'Save bank details' }).click();
    await expect(form.getByText('A sort code is 6 digits, like 12-34-56.')).toBeVisible();
    await expectAccessible(page, 'the payout account form with a field error');
    await form.getByLabel('Sort code').fill('12-34-56');
    await form.getByRole('button', { name: 'Save bank details' }).click();
    await expect(toast(page, 'Bank details saved')).toBeVisible();
    const shown = section.getByTestId('payout-account');
    await expect(shown).toContainText('sort code 12-34-56, account ••••4321');
    await expect(shown).toContainText('Waiting for Kindred to check it');
    await expect(
      page.getByText('Payouts can be asked for once Kindred has checked the bank account.'),
    ).toBeVisible();
    await expectAccessible(page, 'the funds screen, its account waiting for a check');
  });

  await test.step('a platform admin marks the account checked', async () => {
    await signInAs(page, DEMO.admin, '/admin');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Payouts' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    const accounts = page.getByRole('table', { name: 'Payout accounts to check' });
    await expect(accounts).toContainText('sort code 12-34-56, account ••••4321');
    await expectAccessible(page, 'the platform payouts screen');
    await accounts.getByRole('button', { name: 'Mark as checked: the account of River Trust' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the account of River Trust as checked?' });
    await expect(dialog).toContainText('River Trust, sort code 12-34-56, account ••••4321');
    await expectAccessible(page, 'marking an account checked');
    await dialog.getByRole('button', { name: 'Mark as checked' }).click();
    await expect(toast(page, 'Account checked')).toBeVisible();
    await expect(
      accounts.getByRole('button', { name: 'Mark as checked: the account of River Trust' }),
    ).toHaveCount(0);
  });

  let payoutId = 0;
  await test.step('the charity asks for a payout of all that is available', async () => {
    await signInAs(page, DEMO.charity, '/charity/funds');
    await expect(page.getByTestId('payout-account')).toContainText('Checked');
    const payOut = page.getByRole('region', { name: 'Pay out' });
    await expect(payOut.getByLabel('Amount')).toHaveValue(toAmountText(funds.available));
    await expect(payOut).toContainText(`At least ₹10, at most ${amount}`);
    await payOut.getByRole('button', { name: 'Pay out' }).click();
    const dialog = page.getByRole('dialog', { name: `Pay ${amount} to River Trust?` });
    await expect(dialog).toContainText('sort code 12-34-56, account ••••4321');
    await expectAccessible(page, 'the payout confirm');
    await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
    await expect(toast(page, 'Payout asked for')).toBeVisible();
    const listed = await apiGet<{ items: Array<{ id: number; amount: number; status: string }> }>(
      page,
      charity.token,
      `/charity/${charityId}/payouts`,
    );
    const mine = listed.items[0];
    expect(mine).toMatchObject({ amount: funds.available, status: 'requested' });
    payoutId = mine?.id ?? 0;
    await expect(page.getByTestId(`payout-${payoutId}`)).toContainText('Asked for');
    await expect(page.getByTestId('funds-payouts-waiting')).not.toHaveText('₹0');
    await expect(page.getByRole('region', { name: 'Pay out' })).toContainText('is available now');
    await expectAccessible(page, 'the funds screen with a payout asked for');
  });

  await test.step('the platform admin approves it and it is paid', async () => {
    await signInAs(page, DEMO.admin, '/admin/payouts');
    const row = page.getByTestId(`admin-payout-${payoutId}`);
    await expect(row).toContainText('River Trust');
    await row.getByRole('checkbox', { name: `Select payout ${payoutId}: ${amount} to River Trust` }).check();
    await page.getByRole('button', { name: 'Approve and pay (1)' }).click();
    const dialog = page.getByRole('dialog', { name: `Approve and pay 1 payout of ${amount}?` });
    await dialog.getByRole('button', { name: 'Approve and pay' }).click();
    await expect(toast(page, 'Paid')).toBeVisible();
    await closeToasts(page);
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Paid' });
    const paid = page.getByTestId(`admin-payout-${payoutId}`);
    await expect(paid).toContainText('Paid');
    await expect(paid).toContainText('Transfer');
    await expectAccessible(page, 'the paid payouts');
  });

  await test.step('the charity sees it paid and downloads its statement', async () => {
    await signInAs(page, DEMO.charity, '/charity/funds');
    const row = page.getByTestId(`payout-${payoutId}`);
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('Transfer');
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /^CSV statement of payout/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`kindred-payout-${payoutId}.csv`);
    const csv = await readFile((await file.path()) as string, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(CSV_HEADER);
    // The delivered gift is among those it pays.
    expect(lines.some((line) => new RegExp(`^[^,]*,"?${donationId}"?,`).test(line))).toBe(true);
    await expect(page.getByRole('table', { name: 'By month' })).toBeVisible();
    await expectAccessible(page, 'the funds screen with a paid payout');
  });

  await test.step('a platform admin sees the books checked against the sandbox', async () => {
    await signInAs(page, DEMO.admin, '/admin');
    await page
      .getByRole('link', { name: /Reconciliation/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/reconciliation$/);
    await expect(page.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();
    await expect(page.getByText(/records? of the sandbox/)).toBeVisible();
    await expectAccessible(page, 'the reconciliation');
  });
});
