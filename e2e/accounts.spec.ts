import {
  apiToken,
  closeToasts,
  DEMO_PASSWORD,
  freshEmail,
  mailTo,
  registerActivated,
  signIn,
  signOut,
  submitNewAccount,
  toast,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * Accounts end to end (issue 2 §5): registration (both variants) with the activation mail from the
 * outbox, activation by link and by code, sign-in, profile (values, fresh data, avatar), password and
 * email change, password reset, a wrong password, and deletion.
 */

const NEW_PASSWORD = 'Another-pass-456';
const WRONG_CREDENTIALS = 'The email or password is not right.';

/** Registers and activates a new person, signs them in and opens their profile; returns the email. */
async function newPersonOnProfile(page: Page, prefix: string, firstName: string, lastName: string) {
  const email = await registerActivated(page, prefix, firstName, lastName);
  await signIn(page, email);
  await page.goto('/profile');
  return email;
}

/** The path of the first link in a mail that goes to `route` (the link's host is the app's). */
function linkPath(text: string, route: string): string {
  const match = new RegExp(`https?://\\S+/${route}/\\S+`).exec(text);
  expect(match, `a /${route}/ link in the mail`).not.toBeNull();
  const url = new URL((match as RegExpExecArray)[0]);
  return url.pathname;
}

/** The activation mail of an address; returns the link's path. */
async function activationLink(address: string): Promise<string> {
  const mail = await mailTo(address, 'Activate your Kindred account');
  return linkPath(mail.text, 'activate');
}

async function expectSignInRefused(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(toast(page, WRONG_CREDENTIALS)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

test('a new person registers, activates from the mail, edits the profile, changes the password and signs out', async ({
  page,
}) => {
  const email = freshEmail('journey');

  await test.step('register', async () => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Create account' });
    await submitNewAccount(form, 'Jamie', 'Newcomer', email);
    await expect(toast(page, 'Successfully sent confirmation email!')).toBeVisible();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `Check your mail to activate your account. We sent a message to ${email}` }),
    ).toBeVisible();
  });

  await test.step('an inactive account cannot sign in yet', async () => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your account is not activated yet' }).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('activate with the link of the mail', async () => {
    await page.goto(await activationLink(email));
    await expect(page.getByRole('status').filter({ hasText: 'Account activated' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in to Kindred' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('sign in', async () => {
    await signIn(page, email);
    await expect(toast(page, 'Successfully logged in!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Jamie' })).toBeVisible();
  });

  await test.step('edit the profile', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile and settings' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const form = page.getByRole('form', { name: 'Edit profile' });
    await expect(form.getByLabel('First name')).toHaveValue('Jamie');
    await form.getByLabel('First name').fill('Jamie-Lee');
    await form.getByLabel('Last name').fill('Newman');
    await form.getByLabel('Gender').selectOption({ label: 'Gender neutral' });
    const state = form.getByLabel('State');
    await expect(state.getByRole('option', { name: 'Scotland' })).toBeAttached();
    await state.selectOption({ label: 'Scotland' });
    await form.getByLabel('City').fill('Edin');
    await page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option', { name: 'Edinburgh' })
      .click();
    await expect(form.getByLabel('City')).toHaveValue('Edinburgh');
    await form.getByLabel('Post code').fill('eh1 1yz');
    await form.getByRole('switch', { name: 'Gift Aid' }).check();
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(toast(page, 'Update successful')).toBeVisible();
  });

  const expectSavedProfile = async () => {
    const form = page.getByRole('form', { name: 'Edit profile' });
    await expect(form.getByLabel('First name')).toHaveValue('Jamie-Lee');
    await expect(form.getByLabel('Last name')).toHaveValue('Newman');
    await expect(form.getByLabel('Gender')).toHaveValue('gender-neutral');
    await expect(form.getByLabel('State').locator('option:checked')).toHaveText('Scotland');
    await expect(form.getByLabel('City')).toHaveValue('Edinburgh');
    await expect(form.getByLabel('Post code')).toHaveValue('EH1 1YZ');
    await expect(form.getByRole('switch', { name: 'Gift Aid' })).toBeChecked();
  };

  await test.step('the profile keeps its values after a reload', async () => {
    await page.reload();
    await expectSavedProfile();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveAttribute(
      'title',
      'Jamie-Lee Newman',
    );
  });

  await test.step('change the password', async () => {
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(DEMO_PASSWORD);
    await form.getByLabel('New password').fill(NEW_PASSWORD);
    await form.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Password updated')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('');
    // The new token is in use: the session survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  });

  await test.step('sign out, the old password no longer works, the new one does', async () => {
    await signOut(page);
    await expectSignInRefused(page, email, DEMO_PASSWORD);
    await signIn(page, email, NEW_PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Jamie-Lee' })).toBeVisible();
  });

  await test.step('the server kept the profile (fresh sign-in)', async () => {
    await page.goto('/profile');
    await expectSavedProfile();
  });

  await test.step('sign out', async () => {
    await signOut(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  });
});

test('registering a charity creates a pending charity application', async ({ page }) => {
  const email = freshEmail('charity-applicant');
  const charityName = `Meadow Friends ${Date.now()}`;

  await page.goto('/register/organisation');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Register a charity or organisation' }),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByRole('radio', { name: 'Charity' }).check();
  await form.getByLabel('Organisation name').fill(charityName);
  await form.getByLabel('Registration number').fill('1234567');
  await form.getByLabel('Description').fill('Wild flower meadows for the village.');
  await submitNewAccount(form, 'Morgan', 'Meadows', email);

  await expect(toast(page, 'Successfully sent confirmation email!')).toBeVisible();
  const success = page.getByRole('status').filter({ hasText: 'Check your email' });
  await expect(success).toContainText(
    `Check your mail to activate your account. We sent a message to ${email}`,
  );
  await expect(success).toContainText(`the Kindred team reviews your charity ${charityName}`);
  await expect(page.getByRole('form', { name: 'Create account' })).toHaveCount(0);

  // The application is pending: platform admins see it in the pending list.
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'admin@example.org', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const pending = await page.request.get('/api/admin/charity/pending/list?limit=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(pending.status()).toBe(200);
  const { items } = (await pending.json()) as { items: Array<{ name: string }> };
  expect(items.map((item) => item.name)).toContain(charityName);

  // After activation, the applicant signs in as the charity's admin (the switcher offers it).
  await page.goto(await activationLink(email));
  await expect(page.getByRole('status').filter({ hasText: 'Account activated' })).toBeVisible();
  await signIn(page, email);
  await expect(
    page.getByRole('region', { name: 'Charities' }).getByRole('listitem').filter({ hasText: charityName }),
  ).toBeVisible();
});

test('forgot password mails a reset link that sets a new password', async ({ page }) => {
  const email = await registerActivated(page, 'forgot');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const request = page.getByRole('form', { name: 'Reset password' });
  await request.getByLabel('Email').fill(email);
  await request.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toast(page, `Successfully sent password reset link to ${email}!`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();

  const mail = await mailTo(email, 'Reset your Kindred password');
  const resetPath = linkPath(mail.text, 'reset-password');

  await page.goto(resetPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  const reset = page.getByRole('form', { name: 'Set new password' });
  await reset.getByLabel('New password').fill(NEW_PASSWORD);
  await reset.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, 'You can now sign in with your new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await expectSignInRefused(page, email, DEMO_PASSWORD);
  await signIn(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Robin' })).toBeVisible();
  await signOut(page);

  // The link works once.
  await page.goto(resetPath);
  const again = page.getByRole('form', { name: 'Set new password' });
  await again.getByLabel('New password').fill('Third-password-789');
  await again.getByLabel('Confirm password').fill('Third-password-789');
  await again.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, 'This reset link is not valid any more. Ask for a new one.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${resetPath}$`));
});

test('the profile shows what was changed elsewhere (the stored user is replaced by the fresh one)', async ({
  page,
}) => {
  const email = await newPersonOnProfile(page, 'elsewhere', 'Casey', 'Before');
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByLabel('Last name')).toHaveValue('Before');

  // The same person changes the profile on another device.
  const login = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const update = await page.request.patch('/api/user/update', {
    headers: { Authorization: `Bearer ${token}` },
    data: { last_name: 'After', city: 'Leeds', post_code: 'LS1 1AA' },
  });
  expect(update.status(), await update.text()).toBe(200);

  // Back here, a reload first shows the stored user, then the fresh one from GET /user/get (held
  // until the form is on screen, as on a slow network): saving must not write the old values back.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/user/get?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(form.getByLabel('First name')).toHaveValue('Casey');
  release();
  await expect(form.getByLabel('Last name')).toHaveValue('After');
  await expect(form.getByLabel('City')).toHaveValue('Leeds');
  await expect(form.getByLabel('Post code')).toHaveValue('LS1 1AA');
  await form.getByLabel('First name').fill('Casey-Jo');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Update successful')).toBeVisible();
  const detail = await page.request.get('/api/user/get', { headers: { Authorization: `Bearer ${token}` } });
  const { user } = (await detail.json()) as { user: { first_name: string; last_name: string; city: string } };
  expect(user).toMatchObject({ first_name: 'Casey-Jo', last_name: 'After', city: 'Leeds' });
});

test('activation by code: the resent mail replaces the first code, which then no longer works', async ({
  page,
}) => {
  const email = freshEmail('by-code');
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: DEMO_PASSWORD, first_name: 'Kim', last_name: 'Code' },
  });
  expect(registered.status()).toBeLessThan(300);
  const first = await mailTo(email);
  const firstCode = /activation code: (\S+)/.exec(first.text)?.[1] as string;
  expect(firstCode).toBeTruthy();

  await page.goto('/activate');
  const resend = page.getByRole('form', { name: 'Resend activation email' });
  await resend.getByLabel('Email').fill(email);
  await resend.getByRole('button', { name: 'Resend activation email' }).click();
  await expect(toast(page, 'Successfully sent confirmation email!')).toBeVisible();
  await expect
    .poll(async () => {
      const mail = await mailTo(email);
      return mail.file !== first.file;
    })
    .toBe(true);
  const second = await mailTo(email);
  expect(second.subject).toBe('Activate your Kindred account');
  const secondCode = /activation code: (\S+)/.exec(second.text)?.[1] as string;
  expect(secondCode).not.toBe(firstCode);

  await page.goto('/activate');
  const byCode = page.getByRole('form', { name: 'Activate account' });
  await byCode.getByLabel('Activation code').fill(firstCode);
  await byCode.getByRole('button', { name: 'Activate' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'We could not activate your account' }),
  ).toBeVisible();

  await page.goto('/activate');
  await byCode.getByLabel('Activation code').fill(secondCode);
  await byCode.getByRole('button', { name: 'Activate' }).click();
  await expect(page).toHaveURL(new RegExp(`/activate/${secondCode}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Account activated' })).toBeVisible();

  // A second visit of the same link says it was used.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'already been used' })).toBeVisible();
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Kim' })).toBeVisible();
});

test('changing the email signs in with the new address and tells the old one', async ({ page }) => {
  const email = await newPersonOnProfile(page, 'mover', 'Max', 'Mover');
  const newEmail = freshEmail('moved');
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(toast(page, 'Email updated')).toBeVisible();
  await expect(form).toContainText(`Your email address is ${newEmail}.`);

  const notice = await mailTo(email, 'Your Kindred email address was changed');
  expect(notice.text).toContain(newEmail);

  // The new token is in use: the session survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await signOut(page);
  await expectSignInRefused(page, email, DEMO_PASSWORD);
  await signIn(page, newEmail);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Max' })).toBeVisible();
});

test('uploading an avatar saves it and shows it', async ({ page }) => {
  await newPersonOnProfile(page, 'avatar', 'Ava', 'Tar');
  const section = page.getByRole('region', { name: 'Avatar' });
  await expect(section.getByRole('img', { name: 'Your avatar' })).toHaveCount(0);
  await section.getByLabel('Avatar image file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 64, height: 64 } }),
  });
  await expect(toast(page, 'Your new avatar is saved.')).toBeVisible();
  const avatar = section.getByRole('img', { name: 'Your avatar' });
  await expect(avatar).toHaveAttribute('src', /_medium/);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await page.reload();
  await expect(section.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', /_medium/);
});

test('a wrong password shows the refusal on the form and keeps the person signed out', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill('donor@example.org');
  await form.getByLabel('Password', { exact: true }).fill('not-the-password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  const error = form.getByRole('alert').filter({ hasText: WRONG_CREDENTIALS });
  await expect(error).toBeVisible();
  await expect(error).toContainText('Not signed in');
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('kindred.token'))).toBeNull();
});

test('deleting an account asks for confirmation, signs out and the account can no longer sign in', async ({
  page,
}) => {
  const email = await newPersonOnProfile(page, 'leaver', 'Lee', 'Leaver');
  const form = page.getByRole('form', { name: 'Delete account' });
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);

  await test.step('declining keeps the account', async () => {
    await form.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
  });

  await test.step('someone who alone runs a group is told to hand it over or delete it first', async () => {
    const token = await apiToken(page.request, email);
    const created = await page.request.post('/api/group/create', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Leaver Club', description: 'Giving together.', type: 2 },
    });
    expect(created.status(), await created.text()).toBe(201);
    await form.getByRole('button', { name: 'Delete account' }).click();
    await page
      .getByRole('dialog', { name: 'Delete your account?' })
      .getByRole('button', { name: 'Yes, delete my account' })
      .click();
    const refusal = form.getByRole('alert').filter({ hasText: 'Account not deleted' });
    await expect(refusal).toContainText(
      'You are the only admin of Leaver Club (group). Make someone else an admin there, or delete it, before deleting your account.',
    );
    await expect(page).toHaveURL(/\/profile$/);
    const deleted = await page.request.delete(`/api/group/${(await created.json()).id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(deleted.ok()).toBe(true);
    await closeToasts(page);
  });

  await test.step('confirming deletes it', async () => {
    await form.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(toast(page, 'Deleted account')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  });

  await test.step('the account can no longer sign in', async () => {
    await expectSignInRefused(page, email, DEMO_PASSWORD);
  });
});
