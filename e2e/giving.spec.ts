import { formatMoney } from '../packages/shared/src/money/money';
import {
  CARD_OK,
  closeToasts,
  DEMO,
  DEMO_PASSWORD,
  EXPIRY_YEAR,
  expectAccessible,
  journeySetUp,
  RIVER_CLEAN_UP,
  registerActivated,
  signInAs,
  toast,
} from './support/app';
import { expect, type Locator, type Page, test } from './support/test';

/**
 * Giving (issue "Donations", §3 Screens): a new person finds a Live demo project, is sent to sign
 * in and back, gives funds by card in one step (the wallet being short) with Gift Aid declared for the project's
 * charity on the way, and sees the toast, the progress move and the declaration in My giving; then
 * volunteers, gives skills and a gift where demo projects ask for them.
 */

interface Card {
  id: number;
  title: string;
  giving_kinds: number[];
}
interface Summary {
  funds_target: number;
  funds_raised: number;
  volunteering_hours: number;
  volunteering_pledged: number;
  currency: string;
}

journeySetUp();

/** A Live demo project, from explore's list: by title, or the first that takes a kind of giving. */
async function liveProject(page: Page, find: { title?: string; kind?: number }): Promise<Card> {
  const query = find.kind ? `giving_kind=${find.kind}` : `q=${encodeURIComponent(find.title ?? '')}`;
  const response = await page.request.get(`/api/explore/project/list?${query}&limit=100`);
  expect(response.ok()).toBe(true);
  const items = ((await response.json()) as { items: Card[] }).items;
  const found = items.find((p) => (find.title ? p.title === find.title : true));
  if (!found) throw new Error(`no Live demo project for ${JSON.stringify(find)}`);
  return found;
}

async function summaryOf(page: Page, id: number): Promise<Summary> {
  const response = await page.request.get(`/api/project/${id}/summary`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Summary;
}

async function openFlow(page: Page, project: Card, action: string): Promise<Locator> {
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
  await page
    .getByRole('region', { name: 'Support this project' })
    .getByRole('button', { name: action })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Confirms the gift and checks the confirmation step: its heading (per status), what it says was
 * given, to whom, how it was paid and what happens next; then closes it with Done.
 */
async function confirmGift(
  page: Page,
  dialog: Locator,
  expected: { heading: string; says: Array<string | RegExp> },
  button: string | RegExp = 'Confirm',
  onConfirmation?: (done: Locator) => Promise<void>,
) {
  await expect(dialog.getByTestId('give-review')).toBeVisible();
  // Earlier toasts (a top-up, an earlier gift) are closed, so the one seen is this gift's.
  await closeToasts(page);
  await expect(page.getByRole('alert').filter({ hasText: 'successful' })).toHaveCount(0);
  await dialog.getByRole('button', { name: button, exact: typeof button === 'string' }).click();
  const done = dialog.getByTestId('give-confirmation');
  await expect(done.getByRole('heading', { name: expected.heading })).toBeVisible();
  for (const text of expected.says) await expect(done).toContainText(text);
  if (expected.heading === 'Donation successful') {
    await expect(
      toast(page, 'Donation successful').filter({ hasText: 'Successfully donated!' }),
    ).toBeVisible();
  } else {
    // Only a gift made now is "successful": an offer or a held gift is not.
    await expect(page.getByRole('alert').filter({ hasText: 'Donation successful' })).toHaveCount(0);
  }
  await onConfirmation?.(done);
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

test('a new person gives funds by card with Gift Aid, the wallet being short, then volunteers', async ({
  page,
  browser,
}) => {
  const email = await registerActivated(page, 'giver', 'Gill', 'Giver');
  const project = await liveProject(page, { title: RIVER_CLEAN_UP });
  const before = await summaryOf(page, project.id);
  const raised = (amount: number) =>
    `${formatMoney(amount, before.currency)} of ${formatMoney(before.funds_target, before.currency)} raised`;

  await test.step('a visitor is sent to sign in and comes back to the flow', async () => {
    await page.goto(`/projects/${project.id}`);
    await expect(page.getByText(raised(before.funds_raised))).toBeVisible();
    await page
      .getByRole('region', { name: 'Support this project' })
      .getByRole('link', { name: 'Give funds' })
      .click();
    await expect(page).toHaveURL(/\/login\?next=/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expect(page.getByRole('dialog', { name: `Give funds: ${project.title}` })).toBeVisible();
  });

  const dialog = page.getByRole('dialog');
  const details = dialog.getByRole('form', { name: 'Your gift' });
  await test.step('a preset amount, Gift Aid declared inline', async () => {
    await expect(details.getByLabel(/My wallet \(₹0 available\)/)).toBeChecked();
    await details.getByRole('button', { name: formatMoney(25_000) }).click();
    await expect(details.getByLabel('Amount', { exact: true })).toHaveValue('250');
    await details.getByLabel(/Add Gift Aid: ₹62\.50 more for the charity/).check();
    // The declaration names the charity that claims: the project's, River Trust.
    const declaration = details.getByRole('group', { name: 'Gift Aid declaration for River Trust' });
    await expect(declaration).toBeVisible();
    await expect(declaration.getByLabel('First name')).toHaveValue('Gill');
    await expectAccessible(page, 'give funds: details with the Gift Aid declaration');
    await declaration.getByLabel('House name or number').fill('12');
    await declaration.getByLabel('Address').fill('High Street, Bristol');
    await declaration.getByLabel('Post code').fill('BS1 4DJ');
    await declaration
      .getByLabel(/any donations I make in the future .* to River Trust\. I am a UK taxpayer/)
      .check();
    await declaration.getByRole('button', { name: 'Make the declaration' }).click();
    await expect(declaration).toBeHidden();
    await expect(
      details.getByText(/Your Gift Aid declaration for River Trust of Gill Giver, BS1 4DJ applies/),
    ).toBeVisible();
    await details.getByRole('button', { name: 'Review' }).click();
  });

  await test.step('the review shows the wallet is short; the card pays instead, in the same confirm', async () => {
    const review = dialog.getByTestId('give-review');
    await expect(review).toContainText('₹250');
    await expect(review).toContainText('Yes: ₹62.50 added, ₹312.50 for the charity');
    await expect(dialog.getByText('Your wallet is short')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm: give ₹250' })).toBeDisabled();
    await expectAccessible(page, 'give funds: review, the wallet short');
    await dialog.getByRole('button', { name: 'Pay by card instead' }).click();
    const details = dialog.getByRole('form', { name: 'Your gift' });
    await details.getByLabel('Card number').fill(CARD_OK);
    await details.getByLabel('Expiry month').fill('12');
    await details.getByLabel('Expiry year').fill(EXPIRY_YEAR);
    await details.getByLabel('Security code').fill('123');
    await details.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByTestId('give-review')).toContainText('The card ending 4242');
  });

  await test.step('confirm: what was given, to whom, from where, the receipt; the progress moves', async () => {
    await confirmGift(
      page,
      dialog,
      {
        heading: 'Donation successful',
        says: [
          'You gave₹250',
          `To${project.title}, a project of River Trust`,
          'Paid fromYour card',
          /Your receipt \S+ comes by email/,
        ],
      },
      'Confirm: pay ₹250 by card',
      async (done) => {
        await expectAccessible(page, 'give funds: the confirmation');
        const download = page.waitForEvent('download');
        await done.getByRole('button', { name: /Download receipt/ }).click();
        expect((await download).suggestedFilename()).toMatch(/^kindred-receipt-.+\.pdf$/);
      },
    );
    await expect(page.getByText(raised(before.funds_raised + 25_000))).toBeVisible();
    const after = await summaryOf(page, project.id);
    expect(after.funds_raised).toBe(before.funds_raised + 25_000);
  });

  await test.step('volunteer an hour on the project end date', async () => {
    const pledged = `${before.volunteering_pledged} of ${before.volunteering_hours} volunteering hours pledged`;
    await expect(page.getByText(pledged)).toBeVisible();
    await page
      .getByRole('region', { name: 'Support this project' })
      .getByRole('button', { name: 'Volunteer' })
      .click();
    const form = dialog.getByRole('form', { name: 'Your gift' });
    await form.getByLabel('Hours').fill('1');
    await expectAccessible(page, 'volunteer: details');
    await form.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByTestId('give-review')).toContainText('(the project end date)');
    await confirmGift(page, dialog, {
      heading: 'Offer sent',
      says: [
        /You gave1 hour on \d+ \w+ \d{4}/,
        'River Trust will decide whether to accept your offer. You will hear',
      ],
    });
    await expect(
      page.getByText(
        `${before.volunteering_pledged + 1} of ${before.volunteering_hours} volunteering hours pledged`,
      ),
    ).toBeVisible();
  });

  await test.step('both gifts are on My giving; the offer of time waits in the charity inbox', async () => {
    await page.goto('/donations');
    await expect(page.getByText(formatMoney(25_000, before.currency), { exact: true }).first()).toBeVisible();
    await expect(page.getByText('1 hour', { exact: true }).first()).toBeVisible();
    // The declaration is listed by charity, with the option to cancel it.
    await page.goto('/donations?tab=gift-aid');
    const declarations = page.getByRole('list', { name: 'Your declarations' });
    await expect(declarations.getByRole('heading', { name: 'River Trust' })).toBeVisible();
    await expect(declarations.getByRole('button', { name: 'Cancel the declaration' })).toBeVisible();
    await expectAccessible(page, 'my Gift Aid declarations');
    // The project is River Trust's, which the demo charity admin runs.
    const charity = await browser.newPage();
    await signInAs(charity, DEMO.charity);
    await charity.goto('/charity/donations');
    await expect(charity.getByRole('region', { name: /Waiting for you/ })).toContainText(
      '1 hour from Gill Giver',
    );
    await charity.close();
  });
});

test('a person gives skills and a gift where demo projects ask for them', async ({ page }) => {
  const email = await registerActivated(page, 'helper', 'Hal', 'Helper');
  await signInAs(page, email);

  await test.step('skills: only the skills the project asks for', async () => {
    const project = await liveProject(page, { kind: 4 });
    const dialog = await openFlow(page, project, 'Give your skills');
    const form = dialog.getByRole('form', { name: 'Your gift' });
    // The demo projects ask for one skill each: it is chosen already.
    await expect(form.getByRole('combobox', { name: 'Skill' })).toHaveValue(/hours asked for/);
    await form.getByLabel('Hours').fill('1');
    await form.getByLabel('Message to', { exact: false }).fill('Happy to help with this.');
    await expectAccessible(page, 'give skills: details');
    await form.getByRole('button', { name: 'Review' }).click();
    await confirmGift(page, dialog, {
      heading: 'Offer sent',
      says: ['will decide whether to accept your offer'],
    });
  });

  await test.step('a gift of goods', async () => {
    const project = await liveProject(page, { kind: 5 });
    const dialog = await openFlow(page, project, 'Give a gift');
    const form = dialog.getByRole('form', { name: 'Your gift' });
    // The demo projects ask for one kind of gift each: it is chosen already.
    await expect(form.getByRole('combobox', { name: 'Kind of gift' })).not.toHaveValue('');
    await form.getByRole('button', { name: 'Review' }).click();
    await expect(form.getByText('Say what you will give.')).toBeVisible();
    await form.getByLabel('What you will give').fill('A box of tins and pasta');
    await form.getByLabel('Quantity').fill('2');
    await form.getByLabel('Estimated value').fill('15');
    await expectAccessible(page, 'give a gift: details with a field error fixed');
    await form.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByTestId('give-review')).toContainText('A box of tins and pasta');
    await expectAccessible(page, 'give a gift: review');
    await confirmGift(page, dialog, {
      heading: 'Offer sent',
      says: [/You gave2 × .+ \(₹15\)/, 'will decide whether to accept your offer'],
    });
  });
});
