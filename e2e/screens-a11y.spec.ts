import { DEMO, expectAccessible, settle, signIn } from './support/app';
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

test.describe('signed out', () => {
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
    test(`${label} (${path})`, async ({ page }) => {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await settle(page);
      await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
      await check(page, label);
    });
  }

  test('activate with a bad code (/activate/<bad code>)', async ({ page }) => {
    await page.goto('/activate/not-a-real-code');
    await expect(
      page.getByRole('alert').filter({ hasText: 'We could not activate your account' }),
    ).toBeVisible();
    await settle(page);
    await check(page, 'activate with a bad code');
  });

  test('login with field errors and the error toast', async ({ page }) => {
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

test.describe('signed in', () => {
  const screens: Array<[label: string, path: string, account: string]> = [
    ['home', '/', DEMO.donor],
    ['profile', '/profile', DEMO.donor],
    ['wallet', '/wallet', DEMO.donor],
    ['explore', '/explore', DEMO.donor],
    ['donations', '/donations', DEMO.donor],
    ['charity', '/charity', DEMO.charity],
    ['admin', '/admin', DEMO.admin],
  ];
  for (const [label, path, account] of screens) {
    test(`${label} (${path}) as ${account}`, async ({ page }) => {
      await signIn(page, account);
      await scan(page, path, `${label} signed in`);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    });
  }

  test('profile with the account menu and the delete confirmation open', async ({ page }) => {
    await signIn(page, DEMO.donor);
    await scan(page, '/profile', 'profile');
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

  test('the charity admin acting for the charity (theme colours)', async ({ page }) => {
    await signIn(page, DEMO.charity);
    await page
      .getByRole('combobox', { name: 'Active account' })
      .selectOption({ label: 'River Trust (charity)' });
    await expect(page.locator('html')).toHaveAttribute('data-account-kind', 'charity');
    await settle(page);
    await check(page, 'home as River Trust');
  });

  test('the organisation admin acting for the organisation (theme colours)', async ({ page }) => {
    await signIn(page, DEMO.business);
    await page
      .getByRole('combobox', { name: 'Active account' })
      .selectOption({ label: 'Acme Ltd (organisation)' });
    await expect(page.locator('html')).toHaveAttribute('data-account-kind', 'organisation');
    await settle(page);
    await check(page, 'home as Acme Ltd');
  });
});
