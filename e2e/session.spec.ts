import { SignJWT } from 'jose';
import { E2E_JWT_SECRET } from '../playwright.config';
import { DEMO, DEMO_PASSWORD, freshEmail, mailTo, mainLinks, signIn } from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * The session in the browser (issue 2 §4, §5): expiry, 'Token Expired', the theme of each demo
 * account and the guard of protected pages.
 */

// Storage keys of apps/web/src/entities/session/session-storage.ts.
const TOKEN_KEY = 'kindred.token';
const TOKEN_EXPIRES_AT_KEY = 'kindred.token_expires_at';
const USER_KEY = 'kindred.user';
const SESSION_KEYS = [
  TOKEN_KEY,
  TOKEN_EXPIRES_AT_KEY,
  USER_KEY,
  'kindred.charity_membership',
  'kindred.business_membership',
  'kindred.project_membership',
  'kindred.group_membership',
  'kindred.unread_messages',
  'kindred.groups',
  'kindred.active_account',
];

const HOUR_S = 60 * 60;

/** A token for the user as the API signs them (lib/tokens.ts), but expired `agoSeconds` ago. */
async function expiredToken(userId: number, agoSeconds = 60): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ver: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('kindred')
    .setAudience('kindred-web')
    .setIssuedAt(now - HOUR_S - agoSeconds)
    .setExpirationTime(now - agoSeconds)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

/** Registers and activates a person through the API; returns the address. */
async function activatedUser(page: Page, prefix: string): Promise<string> {
  const email = freshEmail(prefix);
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: DEMO_PASSWORD, first_name: 'Sam', last_name: 'Session' },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const code = /activation code: (\S+)/.exec((await mailTo(email)).text)?.[1];
  expect(code, 'the activation code in the mail').toBeTruthy();
  const activated = await page.request.get(`/api/auth/activate/${code}`);
  expect(activated.status(), await activated.text()).toBe(200);
  return email;
}

function storedUserId(page: Page): Promise<number> {
  return page.evaluate((key) => {
    const user = JSON.parse(window.localStorage.getItem(key) ?? 'null') as { id?: number } | null;
    if (typeof user?.id !== 'number') throw new Error('no stored user');
    return user.id;
  }, USER_KEY);
}

/**
 * Stores a token and its expiry as the app does, the expiry first: a tab that follows the token's
 * storage event then already reads the new expiry.
 */
function storeToken(page: Page, token: string, expiresAt: string) {
  return page.evaluate(
    ([tokenKey, expiresKey, value, at]) => {
      window.localStorage.setItem(expiresKey, at);
      window.localStorage.setItem(tokenKey, value);
    },
    [TOKEN_KEY, TOKEN_EXPIRES_AT_KEY, token, expiresAt] as const,
  );
}

function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)])),
    SESSION_KEYS,
  );
}

async function expectSessionCleared(page: Page) {
  await expect
    .poll(async () => Object.values(await storedSession(page)).filter((value) => value !== null))
    .toEqual([]);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
}

function themeBlue(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--blue').trim().toLowerCase(),
  );
}

/** The page shows the colours of an account kind: the attribute the styles key on, and its blue. */
async function expectTheme(page: Page, kind: string, blue: string) {
  await expect(page.locator('html')).toHaveAttribute('data-account-kind', kind);
  await expect.poll(() => themeBlue(page)).toBe(blue);
}

test.describe('expired tokens', () => {
  test('a stored token that has expired clears the session on the next load and shows /login', async ({
    page,
  }) => {
    const email = await activatedUser(page, 'expired');
    await signIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeVisible();
    const userId = await storedUserId(page);
    const token = await expiredToken(userId);
    const expiredAt = new Date(Date.now() - 60_000).toISOString();

    await storeToken(page, token, expiredAt);
    await page.goto('/profile');

    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectSessionCleared(page);
  });

  test("a token the server answers with 'Token Expired' logs out mid-session", async ({ page }) => {
    const email = await activatedUser(page, 'token-expired');
    await signIn(page, email);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    const userId = await storedUserId(page);
    const token = await expiredToken(userId);

    // The stored expiry still says an hour (so the client neither drops nor refreshes the token);
    // only the server can tell that the JWT itself has expired.
    const seenExpired = page.waitForResponse(
      async (response) =>
        response.url().includes('/api/user/get') &&
        response.status() === 401 &&
        (await response.text()).includes('Token Expired'),
    );
    await storeToken(page, token, new Date(Date.now() + HOUR_S * 1000).toISOString());
    await page.reload();

    await seenExpired;
    // A logout goes to plain /login (no next).
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectSessionCleared(page);
  });

  test("'Token Expired' on a call made without a reload logs out", async ({ page, context }) => {
    const email = await activatedUser(page, 'token-expired-live');
    await signIn(page, email);
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Edit profile' });
    await expect(form.getByLabel('First name')).toHaveValue('Sam');
    const token = await expiredToken(await storedUserId(page));

    // Another tab of the same person stores the expired token; this tab follows it (storage event).
    const other = await context.newPage();
    await other.goto('/api/health');
    await storeToken(other, token, new Date(Date.now() + HOUR_S * 1000).toISOString());
    await other.close();

    await form.getByLabel('First name').fill('Samira');
    const update = page.waitForResponse((response) => response.url().includes('/api/user/update'));
    await form.getByRole('button', { name: 'Save profile' }).click();
    const answer = await update;
    expect(answer.status()).toBe(401);
    expect(await answer.text()).toContain('Token Expired');
    await expect(page).toHaveURL(/\/login$/);
    await expectSessionCleared(page);
  });
});

test.describe('theme of each demo account', () => {
  test('the donor sees the individual colour', async ({ page }) => {
    await signIn(page, DEMO.donor);
    await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible();
    await expectTheme(page, 'individual', '#f7ae28');
    // Nothing to switch to for a person without a charity or organisation.
    await expect(page.getByRole('combobox', { name: 'Active account' })).toHaveCount(0);
  });

  test('the platform admin sees the individual colour', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible();
    await expectTheme(page, 'individual', '#f7ae28');
    expect(await mainLinks(page)).toContain('Admin');
  });

  test('the charity admin sees the charity colour after switching to River Trust', async ({ page }) => {
    await signIn(page, DEMO.charity);
    await expectTheme(page, 'individual', '#f7ae28');
    const switcher = page.getByRole('combobox', { name: 'Active account' });
    await switcher.selectOption({ label: 'River Trust (charity)' });
    await expectTheme(page, 'charity', '#74c095');
    // The choice is kept across a reload.
    await page.reload();
    await expectTheme(page, 'charity', '#74c095');
    await expect(switcher.locator('option:checked')).toHaveText('River Trust (charity)');
  });

  test('the organisation admin sees the organisation colour after switching to Acme Ltd', async ({
    page,
  }) => {
    await signIn(page, DEMO.business);
    await expectTheme(page, 'individual', '#f7ae28');
    const switcher = page.getByRole('combobox', { name: 'Active account' });
    await switcher.selectOption({ label: 'Acme Ltd (organisation)' });
    await expectTheme(page, 'organisation', '#272826');
    // Back to the personal account.
    await switcher.selectOption({ index: 0 });
    await expectTheme(page, 'individual', '#f7ae28');
  });
});

test('a protected page while signed out goes to /login?next=... and back there after signing in', async ({
  page,
}) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(DEMO.donor);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
});

test('a next that leaves the site is ignored after signing in', async ({ page, baseURL }) => {
  for (const next of ['https://evil.example/steal', '//evil.example/steal', '/\\evil.example']) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(DEMO.donor);
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible();
    expect(page.url()).toBe(`${baseURL}/`);
    await page.evaluate(() => window.localStorage.clear());
  }
});
