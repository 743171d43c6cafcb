import {
  apiGet,
  apiLogin,
  apiPost,
  closeToasts,
  DEMO,
  expectAccessible,
  type RefundedGift,
  signInAs,
  toast,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * Money back, end to end: a donor gives River Trust ₹40 from their wallet (through the API); the
 * charity's admin refunds ₹15 of it from the donations inbox, after the dialog says what will
 * happen, and downloads the refund's credit note; the charity's funds count it as refunded to
 * givers. The donor downloads the same credit note with their own session, then asks for the rest
 * back, and the charity accepts the request from the inbox's Refund requests. Each screen is
 * checked with axe.
 */

/** The donor's gift carrying `stamp` in its message, as they read it. */
async function giftOf(page: Page, token: string, stamp: string): Promise<RefundedGift> {
  const mine = await apiGet<{ items: RefundedGift[] }>(page, token, '/user/donations?limit=100');
  const gift = mine.items.find((item) => item.message?.includes(stamp));
  expect(gift, `the donor's gift ${stamp}`).toBeDefined();
  return gift as RefundedGift;
}

test.describe.configure({ timeout: 150_000 });

test("the charity refunds part of a gift, the donor gets its credit note, and the charity accepts the donor's request for the rest", async ({
  page,
}) => {
  const stamp = `refund-${Date.now().toString(36)}`;
  const donor = await apiLogin(page.request, DEMO.donor);
  const admin = await apiLogin(page.request, DEMO.charity);
  const charityId = (admin.charity_membership[0] as { charity_id: number }).charity_id;
  const donorName = `${donor.user.first_name} ${donor.user.last_name}`;

  const given = await apiPost<{ donation: { id: number; status: number } }>(
    page,
    donor.token,
    `/user/donate/charity/${charityId}`,
    { type: 2, amount: 4_000, source: 'wallet', message: `Thank you ${stamp}` },
  );
  expect(given.donation.status).toBe(80);

  await signInAs(page, DEMO.charity);
  const card = () =>
    page.getByRole('region', { name: 'All other donations' }).getByTestId(`donation-${given.donation.id}`);

  await test.step('the admin refunds ₹15 of the ₹40 from the inbox, after reading what will happen', async () => {
    await page.goto('/charity/donations');
    await expect(card()).toContainText(`₹40 from ${donorName}`);
    await card()
      .getByRole('button', { name: `Refund ₹40 from ${donorName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Refund a gift' });
    await expect(dialog).toContainText('₹40 is left to refund.');
    await expect(dialog.getByLabel('Amount to refund')).toHaveValue('40');
    await expectAccessible(page, 'the refund dialog');
    await dialog.getByLabel('Amount to refund').fill('15');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // Without a reason, nothing goes further: the field says why.
    await expect(dialog.getByText('Say why the gift is refunded.')).toBeVisible();
    await dialog.getByLabel('Reason').fill(`Part of it was given twice (${stamp})`);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByTestId('refund-summary')).toContainText(
      '₹15 goes back to the giver’s wallet. The giver gets a credit note.',
    );
    await expectAccessible(page, 'the refund, before it is made');
    await dialog.getByRole('button', { name: 'Refund ₹15' }).click();
    await expect(toast(page, 'Gift refunded')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card()).toContainText('₹15 refunded');
    await expect(card()).toContainText('₹15 refunded to the giver’s wallet');
  });

  const refunded = await giftOf(page, donor.token, stamp);
  const note = refunded.refunds[0]?.credit_note_number ?? '';
  expect(note).toMatch(/^KC-\d{4}-\d+$/);

  await test.step('the admin downloads its credit note; the funds count what went back to givers', async () => {
    await closeToasts(page);
    const download = page.waitForEvent('download');
    await card()
      .getByRole('button', { name: `Download credit note ${note} (PDF)` })
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expectAccessible(page, 'the inbox with a refunded gift');

    const funds = await apiGet<{ refunded: number; currency: string }>(
      page,
      admin.token,
      `/charity/funds/${charityId}`,
    );
    expect(funds.refunded).toBeGreaterThanOrEqual(1_500);
    await page.goto('/charity/funds');
    await expect(page.getByText('Refunded to givers')).toBeVisible();
    await expect(page.getByTestId('funds-refunded')).not.toHaveText('₹0');
    await expect(page.getByTestId('funds-available')).toBeVisible();
    await expectAccessible(page, "the charity's funds");
  });

  await test.step('the donor downloads the credit note with their own session', async () => {
    const response = await page.request.get(
      `/api/donation/${refunded.id}/refunds/${refunded.refunds[0]?.id}/credit_note`,
      { headers: { Authorization: `Bearer ${donor.token}` } },
    );
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(refunded.refunded_amount).toBe(1_500);
  });

  await test.step('the donor asks for the rest; the charity accepts the request from the inbox', async () => {
    await apiPost(page, donor.token, `/donation/${refunded.id}/refund_request`, {
      reason: `I meant to give once (${stamp})`,
    });
    await page.goto('/charity/donations');
    const requests = page.getByRole('region', { name: /^Refund requests/ });
    const request = requests
      .getByRole('listitem', { name: `₹40 from ${donorName}` })
      .filter({ hasText: stamp });
    await expect(request).toContainText(`₹40 from ${donorName}`);
    await expect(request).toContainText('₹25 left to refund (₹15 refunded)');
    await expectAccessible(page, 'the refund requests');
    await request.getByRole('button', { name: `Accept ${donorName}’s request` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund ₹25 to ${donorName}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Refund ₹25' }).click();
    await expect(toast(page, 'Request accepted')).toBeVisible();
    await expect(request).toHaveCount(0);

    const after = await giftOf(page, donor.token, stamp);
    expect(after.refunded_amount).toBe(4_000);
    expect(after.refunds.map((refund) => refund.amount)).toEqual([1_500, 2_500]);
    expect(after.refunds.every((refund) => refund.credit_note_number !== null)).toBe(true);
  });
});
