import {
  apiLogin,
  closeToasts,
  DEMO,
  expectAccessible,
  journeySetUp,
  openGiveFlow,
  registerActivated,
  signInAs,
  toast,
  typeCard,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * A bank's dispute of a card gift (docs/product/refunds-and-disputes.md): a new donor gives River
 * Trust ₹300 by card (the sandbox's 4242 card); the gift waits for payout in the platform's queue,
 * where a platform admin opens a dispute in the sandbox's payment provider panel and closes it as
 * lost; the donor's gift then shows as refunded to their card after the dispute was lost. Each
 * screen is checked with axe.
 */

journeySetUp(150_000);

/** River Trust, the demo charity's id and name (from its admin's session). */
async function riverTrust(page: Page): Promise<{ charity_id: number; name: string }> {
  const login = await apiLogin(page.request, DEMO.charity);
  return login.charity_membership[0] as { charity_id: number; name: string };
}

test('a platform admin opens a dispute of a card gift and closes it lost; the donor sees the gift refunded', async ({
  page,
}) => {
  const charity = await riverTrust(page);
  const email = await registerActivated(page, 'disputed', 'Dee', 'Spute');

  await test.step('the donor gives ₹300 straight to the charity by card', async () => {
    await signInAs(page, email);
    const { dialog, details } = await openGiveFlow(page, { charity: charity.charity_id });
    await details.getByLabel('Amount', { exact: true }).fill('300');
    await details.getByRole('radio', { name: /^Card/ }).check();
    await details.getByRole('radio', { name: /^A(nother)? card/ }).check();
    await typeCard(details, '4242 4242 4242 4242');
    await details.getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Confirm: pay ₹300 by card' }).click();
    const done = dialog.getByTestId('give-confirmation');
    await expect(done.getByRole('heading', { name: 'Donation successful' })).toBeVisible();
    await done.getByRole('button', { name: 'Done' }).click();
    await closeToasts(page);
  });

  const card = page
    .getByRole('list', { name: 'Donations waiting for the platform' })
    .getByRole('article', { name: '₹300 from Dee Spute' });

  await test.step('a platform admin opens a dispute in the sandbox panel, after confirming', async () => {
    await signInAs(page, DEMO.admin, '/admin/donations');
    await expect(card).toContainText('Waiting for payout');
    await expect(card).toContainText('Paid fromCard');
    const panel = card.getByRole('region', { name: 'Payment provider (sandbox)' });
    await expect(panel).toContainText('No dispute.');
    await panel.getByRole('button', { name: 'Open a dispute' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Open a dispute?' });
    await expect(confirmDialog).toContainText('₹300 of the gift is set aside until the dispute is closed.');
    await expectAccessible(page, 'opening a dispute');
    await confirmDialog.getByRole('button', { name: 'Open a dispute' }).click();
    await expect(toast(page, 'Dispute opened')).toBeVisible();
    await expect(panel).toContainText(
      'A dispute of ₹300 is open: the money is set aside until it is closed.',
    );
    await expect(card).toContainText(
      'The giver’s bank is disputing this payment: ₹300 is set aside until it decides.',
    );
    // While the bank disputes it, the gift cannot be refunded otherwise.
    await expect(card.getByRole('button', { name: /^Refund donation/ })).toHaveCount(0);
    await expectAccessible(page, 'a gift with an open dispute');
  });

  await test.step('the admin closes the dispute as lost: the money goes back to the card', async () => {
    const panel = card.getByRole('region', { name: 'Payment provider (sandbox)' });
    await panel.getByRole('button', { name: 'Close the dispute: lost' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Close the dispute as lost?' });
    await confirmDialog.getByRole('button', { name: 'Close the dispute: lost' }).click();
    await expect(toast(page, 'Dispute closed: lost')).toBeVisible();
    // Refunded in full, it leaves the queue and stays in sight as it now is.
    const after = page
      .getByRole('list', { name: 'Gifts changed just now' })
      .getByRole('article', { name: '₹300 from Dee Spute' });
    await expect(after).toContainText('The dispute was lost: ₹300 went back to the giver’s card.');
    await expect(after).toContainText('₹300 refunded, all of the gift');
    await expect(card).toHaveCount(0);
    await expectAccessible(page, 'a gift whose dispute was lost');
  });

  await test.step('the donor sees the gift refunded after the dispute was lost', async () => {
    await signInAs(page, email, '/donations');
    const gift = page.getByRole('list', { name: 'Your donations' }).getByRole('listitem').first();
    await expect(gift).toContainText('₹300');
    await expect(gift).toContainText('Canceled');
    await expect(gift).toContainText('₹300 refunded, all of the gift');
    await expect(gift).toContainText('Your bank’s dispute was decided for you: ₹300 went back to your card.');
    await expect(gift).toContainText('₹300 refunded to your card on');
    await expect(gift.getByRole('button', { name: /^Download credit note KC-/ })).toBeVisible();
    await expectAccessible(page, 'my giving with a gift refunded after a dispute');
  });
});
