import {
  closeToasts,
  DEMO_PASSWORD,
  expectAccessible,
  journeySetUp,
  openGiveFlow,
  registerActivated,
  riverCleanUp,
  signIn,
  typeCard,
} from './support/app';
import { expect, type Locator, type Page, test } from './support/test';

/**
 * Giving by card in one step (docs/product/card-gifts.md): a new donor with an empty wallet gives
 * by card, a card asking for 3-D Secure is confirmed at the bank's check, and a declined card
 * leaves nothing behind.
 */

journeySetUp(120_000);

async function raised(page: Page, id: number): Promise<number> {
  return ((await (await page.request.get(`/api/project/${id}/summary`)).json()) as { funds_raised: number })
    .funds_raised;
}

/** Opens the funds flow on the project, types the amount and chooses a card typed now. */
async function giveByCard(page: Page, projectId: number, amount: string, card: string): Promise<Locator> {
  const { dialog, details } = await openGiveFlow(page, projectId);
  await details.getByLabel('Amount', { exact: true }).fill(amount);
  await details.getByRole('radio', { name: /^Card/ }).check();
  // A card typed now: "A card", or "Another card" once one is saved.
  await details.getByRole('radio', { name: /^A(nother)? card/ }).check();
  await typeCard(details, card);
  await details.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('give-review')).toContainText(`The card ending ${card.slice(-4)}`);
  return dialog;
}

test('a new donor gives by card in one step, through 3-D Secure, and a declined card leaves nothing', async ({
  page,
}) => {
  const projectId = await riverCleanUp(page);
  const email = await registerActivated(page, 'card-donor', 'Casey', 'Card');
  await signIn(page, email, DEMO_PASSWORD);

  await test.step('a card gift in one step: no top-up, the wallet untouched', async () => {
    const before = await raised(page, projectId);
    const dialog = await giveByCard(page, projectId, '300', '4242 4242 4242 4242');
    await expect(dialog.getByTestId('give-top-up')).toHaveCount(0);
    await expectAccessible(page, 'give by card: review');
    await dialog.getByRole('button', { name: 'Confirm: pay ₹300 by card' }).click();
    const done = dialog.getByTestId('give-confirmation');
    await expect(done.getByRole('heading', { name: 'Donation successful' })).toBeVisible();
    await expect(done).toContainText('Paid fromYour card');
    await expectAccessible(page, 'give by card: done');
    await done.getByRole('button', { name: 'Done' }).click();
    await closeToasts(page);
    expect(await raised(page, projectId)).toBe(before + 30_000);
  });

  await test.step('a card whose bank asks to confirm: the bank’s check, then the gift', async () => {
    const before = await raised(page, projectId);
    const dialog = await giveByCard(page, projectId, '150', '4000 0025 0000 3155');
    await dialog.getByRole('button', { name: 'Confirm: pay ₹150 by card' }).click();
    const check = dialog.getByRole('region', { name: 'Your bank asks you to confirm this payment' });
    await expect(check).toContainText('₹150 to Kindred, for');
    await expectAccessible(page, 'give by card: the bank’s check');
    await check.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(
      dialog.getByTestId('give-confirmation').getByRole('heading', { name: 'Donation successful' }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await closeToasts(page);
    expect(await raised(page, projectId)).toBe(before + 15_000);
  });

  await test.step('a card saved in the wallet is offered first, and pays in one step', async () => {
    await page.goto('/wallet');
    const add = page.getByRole('form', { name: 'Add a card' });
    await typeCard(add, '5555 5555 5555 4444');
    await add.getByRole('button', { name: 'Save card' }).click();
    const cards = page.getByRole('list', { name: 'Your saved cards' });
    await expect(cards.getByText('Mastercard ending 4444')).toBeVisible();
    await expectAccessible(page, 'wallet: saved cards');
    await closeToasts(page);
    const before = await raised(page, projectId);
    const { dialog, details } = await openGiveFlow(page, projectId);
    await details.getByLabel('Amount', { exact: true }).fill('120');
    await details.getByRole('radio', { name: /^Card/ }).check();
    await expect(details.getByRole('radio', { name: /Mastercard ending 4444/ })).toBeChecked();
    await details.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByTestId('give-review')).toContainText('Mastercard ending 4444');
    await dialog.getByRole('button', { name: 'Confirm: pay ₹120 by card' }).click();
    await expect(dialog.getByTestId('give-confirmation')).toContainText('Paid fromMastercard ending 4444');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await closeToasts(page);
    expect(await raised(page, projectId)).toBe(before + 12_000);
  });

  await test.step('a declined card: its reason beside the card number, nothing given', async () => {
    const before = await raised(page, projectId);
    const dialog = await giveByCard(page, projectId, '200', '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Confirm: pay ₹200 by card' }).click();
    const number = dialog.getByLabel('Card number');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Your card was declined. Try another card.')).toBeVisible();
    await expectAccessible(page, 'give by card: declined');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await raised(page, projectId)).toBe(before);
    // My giving lists the two gifts made, not the declined one.
    await page.goto('/donations');
    await expect(page.getByText('₹300').first()).toBeVisible();
    await expect(page.getByText('₹200')).toHaveCount(0);
  });
});
