import { actAs, apiGet, apiToken, DEMO, expectAccessible, settle, signInAs } from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * An axe scan of every screen of accounts and sessions (issue 2 §5): no serious or critical
 * violation. Placeholders of later capabilities are scanned too, whatever they have become.
 */

/**
 * Waits until no transition or finite animation runs (menus, dialogs and toasts fade in): axe
 * would otherwise measure colour contrast on half-transparent text.
 */
async function transitionsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** Scans the screen as it is once its transitions are over. */
async function check(page: Page, label: string) {
  await transitionsDone(page);
  await expectAccessible(page, label);
}

async function scan(page: Page, path: string, label = path) {
  await page.goto(path);
  await settle(page);
  await check(page, label);
}

/** Scans each screen in turn as the same person (one sign-in per account: a walk, not a test each). */
async function walk(page: Page, screens: Array<[path: string, label: string]>) {
  for (const [path, label] of screens) {
    await test.step(`${label} (${path})`, () => scan(page, path, label));
  }
}

test('signed out: every screen of accounts and sessions, a bad code and a refused sign-in', async ({
  page,
}) => {
  const screens: Array<[label: string, path: string, heading: string]> = [
    ['login', '/login', 'Sign in'],
    ['register', '/register', 'Create your account'],
    ['register organisation', '/register/organisation', 'Register a charity or organisation'],
    ['activate', '/activate', 'Activate your account'],
    ['forgot password', '/forgot-password', 'Forgot your password?'],
    ['reset password', '/reset-password/some-reset-token', 'Set a new password'],
    ['home', '/', ''],
  ];
  for (const [label, path, heading] of screens) {
    await test.step(`${label} (${path})`, async () => {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await settle(page);
      await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
      await check(page, label);
    });
  }

  await test.step('activate with a bad code (/activate/<bad code>)', async () => {
    await page.goto('/activate/not-a-real-code');
    await expect(
      page.getByRole('alert').filter({ hasText: 'We could not activate your account' }),
    ).toBeVisible();
    await settle(page);
    await check(page, 'activate with a bad code');
  });

  await test.step('login with field errors and the error toast', async () => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await check(page, 'login with field errors');
    await form.getByLabel('Email').fill(DEMO.donor);
    await form.getByLabel('Password', { exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The email or password is not right.' }),
    ).toBeVisible();
    await check(page, 'login with the error toast');
  });
});

test('signed in as the donor: home, profile (menu and delete confirmation), wallet, explore, donations', async ({
  page,
}) => {
  await signInAs(page, DEMO.donor);
  await walk(page, [
    ['/', 'home signed in'],
    ['/wallet', 'wallet signed in'],
    ['/explore', 'explore signed in'],
    ['/donations', 'donations signed in'],
    ['/donations?tab=gift-aid', 'Gift Aid declarations by charity'],
    ['/notifications', 'notifications'],
    ['/profile/notifications', 'notification settings'],
    ['/profile', 'profile signed in'],
  ]);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await test.step('the account menu and the delete confirmation open', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await check(page, 'account menu open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByLabel('Password', { exact: true }).fill('any password');
    await form.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await check(page, 'delete confirmation dialog');
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('their fundraising pages', async () => {
    const token = await apiToken(page.request, DEMO.donor);
    const own = (await apiGet<{ items: Array<{ id: number }> }>(page, token, '/user/fundraisers')).items[0];
    if (!own) throw new Error('the demo has no fundraising page of the donor');
    await walk(page, [
      ['/fundraisers', 'my fundraisers'],
      [`/fundraisers/${own.id}`, 'a fundraising page, to its fundraiser'],
      [`/fundraisers/${own.id}/edit`, 'editing a fundraising page'],
    ]);
  });
});

test('signed in as the charity admin: the charity, then acting for it (theme colours)', async ({ page }) => {
  await signInAs(page, DEMO.charity);
  await walk(page, [['/charity', 'charity signed in']]);
  await page.goto('/');
  await actAs(page, 'River Trust', 'charity');
  await settle(page);
  await check(page, 'home as River Trust');
});

test('signed in as the organisation admin acting for the organisation (theme colours)', async ({ page }) => {
  await signInAs(page, DEMO.business);
  await actAs(page, 'Acme Ltd', 'organisation');
  await settle(page);
  await check(page, 'home as Acme Ltd');
});

test('signed in as the platform admin: the admin area', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await walk(page, [['/admin', 'admin signed in']]);
});
