import { formatMoney } from '../packages/shared/src/money/money';
import {
  apiGet,
  apiLogin,
  apiPost,
  closeToasts,
  DEMO,
  expectAccessible,
  journeySetUp,
  type RefundedGift,
  signInAs,
  toast,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * A giver asks for their money back (docs/product/refunds-and-disputes.md): a donor gives River
 * Trust from their wallet (through the API), asks for a refund from My giving with a reason, the
 * charity's admin accepts the request from the donations inbox's Refund requests, and the donor's
 * gift then shows as refunded, with where the money went and its credit note to download. Each
 * screen is checked with axe.
 */

async function giftOf(page: Page, token: string, id: number): Promise<RefundedGift> {
  return (await apiGet<{ donation: RefundedGift }>(page, token, `/user/donation/${id}`)).donation;
}

journeySetUp(150_000);

test('a donor asks for a refund from My giving, the charity accepts, and the donor sees it refunded with its credit note', async ({
  page,
}) => {
  const stamp = `ask-${Date.now().toString(36)}`;
  const donor = await apiLogin(page.request, DEMO.donor);
  const admin = await apiLogin(page.request, DEMO.charity);
  const charity = admin.charity_membership[0] as { charity_id: number; name: string };
  const donorName = `${donor.user.first_name} ${donor.user.last_name}`;
  // An amount no demo gift has, to find the card by.
  const amount = 3_000 + Math.floor(Math.random() * 900) + 17;
  const shown = formatMoney(amount);

  const { donation: given } = await apiPost<{ donation: { id: number; status: number } }>(
    page,
    donor.token,
    `/user/donate/charity/${charity.charity_id}`,
    { type: 2, amount, source: 'wallet', message: `For the boat ${stamp}` },
  );
  expect(given.status).toBe(80);

  const donorCard = () =>
    page
      .getByRole('list', { name: 'Your donations' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: `Details of ${shown} to ${charity.name}` }) });

  await test.step('the donor asks for a refund, the reason required, and reads what happens next', async () => {
    await signInAs(page, DEMO.donor, '/donations');
    await expect(donorCard()).toContainText(shown);
    await donorCard()
      .getByRole('button', { name: `Ask for a refund of ${shown} to ${charity.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Ask for a refund' });
    await expect(dialog).toContainText(
      'The charity answers your request. If it accepts, the money goes back the way you gave it: to your wallet.',
    );
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    const reason = dialog.getByLabel('Reason');
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Say why you would like your money back.')).toBeVisible();
    await expectAccessible(page, 'asking for a refund');
    await reason.fill(`I meant to give to a project (${stamp})`);
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(toast(page, 'Refund asked for')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(donorCard()).toContainText(`Waiting for ${charity.name} to answer.`);
    await expect(donorCard()).toContainText(`Your reason: “I meant to give to a project (${stamp})”`);
    await expect(donorCard().getByRole('button', { name: /Ask for a refund/ })).toHaveCount(0);
    await expectAccessible(page, 'my giving with a refund asked for');
    expect((await giftOf(page, donor.token, given.id)).refund_request?.status).toBe('open');
  });

  await test.step('the charity accepts the request from the donations inbox', async () => {
    await signInAs(page, DEMO.charity, '/charity/donations');
    const requests = page.getByRole('region', { name: /^Refund requests/ });
    const request = requests.getByRole('listitem').filter({ hasText: stamp });
    await expect(request).toContainText(`${shown} from ${donorName}`);
    await request.getByRole('button', { name: `Accept ${donorName}’s request` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund ${shown} to ${donorName}?` });
    await dialog.getByRole('button', { name: `Refund ${shown}` }).click();
    await expect(toast(page, 'Request accepted')).toBeVisible();
    await expect(request).toHaveCount(0);
  });

  const refunded = await giftOf(page, donor.token, given.id);
  expect(refunded.refunded_amount).toBe(amount);
  expect(refunded.status).toBe(90);
  const note = refunded.refunds[0]?.credit_note_number ?? '';
  expect(note).toMatch(/^KC-\d{4}-\d+$/);

  await test.step('the donor sees the gift refunded to their wallet and downloads its credit note', async () => {
    await signInAs(page, DEMO.donor, '/donations');
    await expect(donorCard()).toContainText(`${shown} refunded, all of the gift`);
    await expect(donorCard()).toContainText(`${charity.name} accepted your request for a refund on`);
    await expect(donorCard()).toContainText(`${shown} refunded to your wallet on`);
    await expect(donorCard()).toContainText('Canceled');
    await closeToasts(page);
    const download = page.waitForEvent('download');
    await donorCard()
      .getByRole('button', { name: `Download credit note ${note} (PDF)` })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`kindred-credit-note-${note}.pdf`);
    await expect(toast(page, 'Credit note downloaded')).toBeVisible();
    await expectAccessible(page, 'my giving with a refunded gift');
  });
});
