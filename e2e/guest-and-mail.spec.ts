import {
  apiToken,
  closeToasts,
  DEMO_PASSWORD,
  expectAccessible,
  journeySetUp,
  mailTo,
  openGiveFlow,
  outbox,
  registerActivated,
  registerActivatedAs,
  riverCleanUp,
  runJob,
  signIn,
  typeCard,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * Giving without an account and managing from the mail (docs/product/card-gifts.md): a visitor
 * gives as a guest by card with Gift Aid and later makes an account and finds the gift; a monthly
 * gift by card whose charge is declined gets its card changed from the mail's link and is paid; a
 * plan is cancelled from the mail's link without signing in.
 */

const EXPIRY_YEAR = new Date().getFullYear() + 2;
const CARD = (number: string) => ({ number, exp_month: 12, exp_year: EXPIRY_YEAR, cvc: '123' });
const DAY = 86_400_000;

journeySetUp(150_000);

/** The path of the manage link in a mail's text. */
function manageLinkIn(text: string): string {
  const link = /\/manage\/[ds]\d+-\d+-[0-9a-f]{64}/.exec(text.replace(/=\r?\n/g, ''))?.[0];
  if (!link) throw new Error(`no manage link in: ${text}`);
  return link;
}

/** The newest mail to `address` whose subject matches, once it comes (mail goes out a moment after its change). */
async function mailMatching(address: string, subject: RegExp) {
  let found: Awaited<ReturnType<typeof outbox>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await outbox()).filter((m) => m.to.includes(address) && subject.test(m.subject)).pop();
      return found !== undefined;
    })
    .toBe(true);
  return found as NonNullable<typeof found>;
}

/** A person with a saved card and a monthly gift by card to the project, set up through the API. */
async function monthlyByCard(page: Page, projectId: number, prefix: string, card: string) {
  const email = await registerActivated(page, prefix, 'Morgan', 'Monthly');
  const token = await apiToken(page.request, email);
  const headers = { Authorization: `Bearer ${token}` };
  const saved = await page.request.post('/api/user/payment_methods', { headers, data: { card: CARD(card) } });
  expect(saved.status(), await saved.text()).toBe(201);
  const method = ((await saved.json()) as { payment_method: { id: number } }).payment_method;
  const gift = await page.request.post(`/api/user/donate/project/${projectId}`, {
    headers: { ...headers, 'Idempotency-Key': `${prefix}-${Date.now()}` },
    data: { type: 2, amount: 12_000, source: 'card', payment_method_id: method.id, frequency: 3 },
  });
  expect(gift.status(), await gift.text()).toBe(201);
  const { donation } = (await gift.json()) as { donation: { receipt_number: string } };
  return { email, token, receipt: donation.receipt_number };
}

test('a visitor gives as a guest by card with Gift Aid, then makes an account and finds the gift', async ({
  page,
}) => {
  const projectId = await riverCleanUp(page);
  const email = `guest-${Date.now()}@example.org`;

  await test.step('a guest gift by card, Gift Aid declared inline; the thank-you names the receipt', async () => {
    const { dialog, details } = await openGiveFlow(page, projectId, 'Give as a guest');
    await details.getByLabel('Amount', { exact: true }).fill('400');
    await details.getByLabel('Email').fill(email);
    await details.getByLabel('First name').fill('Gale');
    await details.getByLabel('Last name').fill('Guest');
    await typeCard(details, '4242 4242 4242 4242');
    await details.getByLabel(/Add Gift Aid/).check();
    await details.getByLabel('House name or number').fill('7');
    await details.getByLabel('Post code').fill('BS1 4DJ');
    await expectAccessible(page, 'guest giving: details');
    await details.getByRole('button', { name: 'Review' }).click();
    await expectAccessible(page, 'guest giving: review');
    await dialog.getByRole('button', { name: 'Confirm: give ₹400' }).click();
    const thanks = dialog.getByTestId('guest-thank-you');
    await expect(thanks.getByRole('heading', { name: 'Thank you for your gift' })).toBeVisible();
    await expect(thanks).toContainText('₹400, with ₹100 of Gift Aid');
    await expect(thanks).toContainText(`is on its way to ${email}`);
    await expectAccessible(page, 'guest giving: thank you');
    await thanks.getByRole('button', { name: 'Done' }).click();
  });

  await test.step('the receipt mail’s link shows the gift without signing in', async () => {
    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/Your donation receipt KR-/);
    await page.goto(manageLinkIn(mail.text));
    await expect(page.getByRole('heading', { level: 1, name: 'Your gift' })).toBeVisible();
    await expect(page.getByText('₹400').first()).toBeVisible();
    await expectAccessible(page, 'manage link: a guest gift');
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /receipt/i })
      .first()
      .click();
    expect((await download).suggestedFilename()).toMatch(/^kindred-receipt-.+\.pdf$/);
  });

  await test.step('later, an account with that email: the gift is in My giving', async () => {
    await registerActivatedAs(page, email, 'Gale', 'Guest');
    await signIn(page, email, DEMO_PASSWORD);
    await page.goto('/donations');
    await expect(page.getByText('₹400').first()).toBeVisible();
    const token = await apiToken(page.request, email);
    const mine = (await (
      await page.request.get('/api/user/donations', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { items: Array<{ amount: number; source: string; gift_aid: boolean }> };
    expect(mine.items).toMatchObject([{ amount: 40_000, source: 'card', gift_aid: true }]);
  });
});

test('a monthly gift by card is declined; the card changed from the mail pays it', async ({ page }) => {
  const projectId = await riverCleanUp(page);
  // Set up on a good card, which the giver then removes (as a card that expired): next month's
  // charge cannot be made.
  const { email, token } = await monthlyByCard(page, projectId, 'monthly-removed', '4242 4242 4242 4242');
  const headers = { Authorization: `Bearer ${token}` };
  const cards = (await (await page.request.get('/api/user/payment_methods', { headers })).json()) as {
    items: Array<{ id: number }>;
  };
  for (const card of cards.items)
    await page.request.delete(`/api/user/payment_methods/${card.id}`, { headers });

  await test.step('next month’s charge fails, and the giver is mailed a link', async () => {
    const nextMonth = new Date(Date.now() + 32 * DAY);
    const ran = await runJob('recurring donations', nextMonth);
    expect(ran).toMatch(/"retried":[1-9]/);
    // Its mail is due at that time too: the mail round of that time sends it.
    await runJob('notices', nextMonth);
    const mail = await mailMatching(email, /^Your card was declined for your monthly donation/);
    await page.goto(manageLinkIn(mail.text));
    await expect(page.getByRole('heading', { level: 1, name: 'Your recurring gift' })).toBeVisible();
    await expectAccessible(page, 'manage link: a plan whose card was declined');
  });

  await test.step('a new card from the link: the missed gift is paid at once', async () => {
    await page.getByRole('button', { name: 'Change card' }).click();
    const change = page.getByRole('form', { name: 'Change the card' });
    await typeCard(change, '5555 5555 5555 4444');
    await change.getByRole('button', { name: 'Save the card' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The card is changed.' }).first()).toBeVisible();
    await expect(page.getByText('Mastercard ending 4444').first()).toBeVisible();
    await closeToasts(page);
    // The giver's gifts: the first month's and the missed one, both by card.
    const token = await apiToken(page.request, email);
    const gifts = (await (
      await page.request.get('/api/user/donations', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { items: Array<{ source: string; amount: number }> };
    expect(gifts.items.filter((g) => g.source === 'card' && g.amount === 12_000)).toHaveLength(2);
  });
});

test('a recurring gift is cancelled from the mail’s link, without signing in', async ({ page }) => {
  const projectId = await riverCleanUp(page);
  const { email, receipt } = await monthlyByCard(page, projectId, 'monthly-cancel', '4242 4242 4242 4242');
  const mail = await mailTo(email, `Your donation receipt ${receipt}`);
  await page.goto(manageLinkIn(mail.text));
  await expect(page.getByRole('heading', { level: 1, name: 'Your recurring gift' })).toBeVisible();
  await expect(page.getByText('₹120').first()).toBeVisible();
  await expectAccessible(page, 'manage link: a recurring gift');
  await page.getByRole('button', { name: 'Cancel the recurring gift' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('No more gifts will be made.');
  await confirm.getByRole('button', { name: 'Cancel the gift' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The recurring gift is cancelled.' }).first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
});
