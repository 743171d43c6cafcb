import { formatMoney } from '../packages/shared/src/money/money';
import {
  apiGet,
  closeToasts,
  DEMO,
  DEMO_PASSWORD,
  expectAccessible,
  journeySetUp,
  mailTo,
  outbox,
  projectNeedingHours,
  riverCleanUp,
  signInAs,
  toast,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * Notifications (docs/product/notifications.md): what a person is told under the bell and by mail.
 * A donor's offer of time is answered by River Trust, whose admin is told of it under the bell; the
 * donor is told it was accepted, in the bell and by mail. With "My gifts" mail turned off, the next
 * acceptance still shows under the bell but mails nothing; a mail's unsubscribe link stops another
 * kind without signing in. A gift asked on behalf of Acme reaches its sign-off admin's bell. Each
 * screen is checked with axe.
 */

interface LoginBody {
  token: string;
  user: { id: number; first_name: string; last_name: string };
  charity_membership: Array<{ charity_id: number; name: string }>;
  business_membership: Array<{ business_id: number; name: string }>;
}

interface Preferences {
  preferences: Array<{ kind: string; in_app: boolean; mail: string }>;
}

async function login(page: Page, email: string): Promise<LoginBody> {
  const response = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as LoginBody;
}

/** A call with a person's token, expecting success; answers the body. */
async function call<T>(page: Page, token: string, method: 'post' | 'put', path: string, data: unknown) {
  const response = await page.request[method](`/api${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The donor offers `hours` of time to a project; answers the offer's id. */
async function offerTime(page: Page, token: string, projectId: number, hours: number, message: string) {
  const { donation } = await call<{ donation: { id: number; status: number } }>(
    page,
    token,
    'post',
    `/user/donate/project/${projectId}`,
    { type: 3, hours, date: '', message },
  );
  expect(donation.status).toBe(30);
  return donation.id;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const newest = (page: Page) => page.getByRole('list', { name: 'Newest notifications' });

/**
 * Opens the bell until it lists an unread notification titled `title` (events are handled a moment
 * after the call that caused them), and answers its link.
 */
async function openBellWhenTold(page: Page, title: string) {
  const link = newest(page)
    .getByRole('link', { name: `Unread: ${title}` })
    .first();
  await expect(async () => {
    await page.reload();
    await closeToasts(page);
    await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: 3_000 });
    await bell(page).click({ timeout: 3_000 });
    await expect(link).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  return link;
}

/** The mails to `address` titled `subject`. */
async function mailsTo(address: string, subject: string) {
  return (await outbox()).filter((mail) => mail.to.includes(address) && mail.subject === subject);
}

/** The path of a mail's "Stop it" link. */
function unsubscribePath(text: string): string {
  const link = /Stop it: (\S+)/.exec(text)?.[1];
  expect(link, 'an unsubscribe link in the mail').toBeTruthy();
  return new URL(link as string).pathname;
}

journeySetUp(180_000);

test('an offer of time accepted: the charity is told in its bell, the donor in the bell and by mail; settings and unsubscribe links change what is mailed', async ({
  page,
}) => {
  const stamp = `notify-${Date.now().toString(36)}`;
  const donor = await login(page, DEMO.donor);
  const admin = await login(page, DEMO.charity);
  const charityId = (admin.charity_membership[0] as { charity_id: number }).charity_id;
  const projectId = (await projectNeedingHours(page, admin.token, charityId, 3)).id;
  const accepted = 'Your offer was accepted';

  await offerTime(page, donor.token, projectId, 2, `First offer ${stamp}`);

  await test.step('the charity admin is told of the offer under the bell and answers it from there', async () => {
    await signInAs(page, DEMO.charity);
    const link = await openBellWhenTold(page, 'An offer waits for your answer');
    const item = newest(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Unread: An offer waits for your answer' }) })
      .first();
    await expect(item).toContainText('River Trust ·');
    await expectAccessible(page, 'the bell open', { atPhoneSize: true });
    await link.click();
    await expect(page).toHaveURL(/\/charity\/donations$/);
    await expect(page.locator('html')).toHaveAttribute('data-account-kind', 'charity');
    const card = page
      .getByRole('region', { name: /Waiting for you/ })
      .getByRole('listitem')
      .filter({ hasText: stamp });
    await card.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(toast(page, 'Donations approved')).toBeVisible();
  });

  await test.step('the donor’s bell shows the count and the acceptance; following it reads it', async () => {
    await signInAs(page, DEMO.donor);
    const link = await openBellWhenTold(page, accepted);
    await link.click();
    await expect(page).toHaveURL(/\/giving$/);
    await expect(newest(page)).toBeHidden();
    // Read now: the bell lists it without the unread mark.
    await closeToasts(page);
    await bell(page).click();
    await expect(newest(page).getByRole('link', { name: accepted }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await mailTo(DEMO.donor, accepted);
  });

  await test.step('the notifications page lists it, and leads to the settings', async () => {
    await closeToasts(page);
    await bell(page).click();
    await page.getByRole('link', { name: 'See all notifications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Your notifications' });
    await expect(list.getByRole('link', { name: accepted }).first()).toBeVisible();
    await expectAccessible(page, 'the notifications page');
    await page.getByRole('link', { name: 'Choose what you are told' }).click();
    await expect(page).toHaveURL(/\/profile\/notifications$/);
  });

  await test.step('the donor turns off mail about their gifts', async () => {
    const gifts = page.getByRole('group', { name: 'My gifts' });
    await expect(gifts.getByRole('radio', { name: 'At once' })).toBeChecked();
    await gifts.getByText('Off', { exact: true }).click();
    await expect(gifts.getByRole('radio', { name: 'Off' })).toBeChecked();
    await expectAccessible(page, 'notification settings');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Notification settings saved')).toBeVisible();
    const saved = await apiGet<Preferences>(page, donor.token, '/user/notification_preferences');
    expect(saved.preferences.find((p) => p.kind === 'gift_update')).toMatchObject({
      in_app: true,
      mail: 'off',
    });
  });

  await test.step('the next acceptance shows under the bell but is not mailed', async () => {
    const mailedBefore = (await mailsTo(DEMO.donor, accepted)).length;
    const second = await offerTime(page, donor.token, projectId, 1, `Second offer ${stamp}`);
    await call(page, admin.token, 'post', `/charity/${charityId}/approve_donations`, {
      donation_ids: [second],
      action: 'approve',
    });
    await openBellWhenTold(page, accepted);
    // The mail would have been queued with the notification: give the mailer a moment.
    await page.waitForTimeout(3_000);
    expect((await mailsTo(DEMO.donor, accepted)).length).toBe(mailedBefore);
    await page.keyboard.press('Escape');
  });

  await test.step('a mail’s unsubscribe link works without signing in', async () => {
    const donorMail = await mailTo(DEMO.donor, accepted);
    const adminMail = await mailTo(DEMO.charity, 'An offer waits for your answer');
    // Signed out: the link needs no session.
    await page.evaluate(() => localStorage.clear());
    await page.goto(unsubscribePath(donorMail.text));
    await expect(page.getByRole('heading', { level: 1, name: 'Mail already stopped' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('You already get no mail about “My gifts”.');

    await page.goto(unsubscribePath(adminMail.text));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Stop mail about “Offers to answer”?' }),
    ).toBeVisible();
    await expectAccessible(page, 'the unsubscribe page');
    await page.getByRole('button', { name: 'Stop these mails' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Done: you will no longer get mail about “Offers to answer”. You can change this any time in your notification settings.',
    );
    await expect(page.getByRole('link', { name: 'notification settings' })).toHaveAttribute(
      'href',
      '/profile/notifications',
    );
    await expectAccessible(page, 'the unsubscribe page, done');
    const stopped = await apiGet<Preferences>(page, admin.token, '/user/notification_preferences');
    expect(stopped.preferences.find((p) => p.kind === 'offer_waiting')?.mail).toBe('off');

    await page.goto('/unsubscribe/1-gift_update-not-a-signature');
    await expect(page.getByText('This link is not valid')).toBeVisible();
  });

  // The demo people's mail as it was, for the journeys after this one.
  await call(page, donor.token, 'put', '/user/notification_preferences', {
    preferences: [{ kind: 'gift_update', in_app: true, mail: 'now' }],
  });
  await call(page, admin.token, 'put', '/user/notification_preferences', {
    preferences: [{ kind: 'offer_waiting', in_app: true, mail: 'now' }],
  });
});

test('a gift asked on behalf of Acme reaches its sign-off admin’s bell', async ({ page }) => {
  const employee = await login(page, DEMO.employee);
  const acme = employee.business_membership.find((b) => b.name === 'Acme Ltd');
  expect(acme, 'the employee is a member of Acme Ltd').toBeDefined();
  const projectId = await riverCleanUp(page);
  // An amount no demo gift has, to find it by.
  const amount = 3_000 + Math.floor(Math.random() * 900) + 11;
  const { donation } = await call<{ donation: { status: number } }>(
    page,
    employee.token,
    'post',
    `/business/${(acme as { business_id: number }).business_id}/donate/project/${projectId}`,
    { type: 2, amount, source: 'wallet' },
  );
  expect(donation.status).toBe(20);

  await signInAs(page, DEMO.signoff);
  await openBellWhenTold(page, 'A gift waits for your sign-off');
  const item = newest(page)
    .getByRole('listitem')
    .filter({ hasText: formatMoney(amount) });
  await expect(item).toContainText(`asks to give ${formatMoney(amount)}`);
  await expect(item).toContainText('on behalf of Acme Ltd');
  await expect(item).toContainText('Acme Ltd ·');
  await item.getByRole('link', { name: 'Unread: A gift waits for your sign-off' }).click();
  await expect(page).toHaveURL(/\/organisation\/sign-off$/);
  await expect(page.locator('html')).toHaveAttribute('data-account-kind', 'organisation');
  await expect(page.getByRole('heading', { name: 'Waiting for sign-off' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `${formatMoney(amount)} to` })).toBeVisible();
});
