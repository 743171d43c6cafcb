import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type OutboxMail, readOutbox } from '../../apps/api/src/testing/eml';
import { STORAGE_KEYS } from '../../apps/web/src/entities/session/session-storage';
import { E2E_JWT_SECRET } from '../../playwright.config';
import { expect, isPhone, test } from './test';

export const DEMO_PASSWORD = 'Password123!';
export const DEMO = {
  admin: 'admin@example.org',
  donor: 'donor@example.org',
  business: 'business@example.org',
  signoff: 'signoff@example.org',
  employee: 'employee@example.org',
  charity: 'charity@example.org',
} as const;

/** The Live demo project most journeys give to. */
export const RIVER_CLEAN_UP = 'Clean-up of the river banks (Bristol)';

/** The sandbox's test cards (docs/product/card-gifts.md): one that pays, one its bank declines. */
export const CARD_OK = '4242 4242 4242 4242';
export const CARD_DECLINED = '4000 0000 0000 0002';
/** A card expiry year two years ahead. */
export const EXPIRY_YEAR = String(new Date().getFullYear() + 2);

/** The Live demo project the journeys give to, from explore's list: its id. */
export async function riverCleanUp(page: Page): Promise<number> {
  const response = await page.request.get(
    `/api/explore/project/list?q=${encodeURIComponent(RIVER_CLEAN_UP)}`,
  );
  const project = ((await response.json()) as { items: Array<{ id: number; title: string }> }).items.find(
    (p) => p.title === RIVER_CLEAN_UP,
  );
  if (!project) throw new Error('no Live demo project to give to');
  return project.id;
}

/** A project as the API answers it, with what the journeys about offers of time read. */
export interface ProjectBody {
  id: number;
  title: string;
  giving_kinds: number[];
  volunteering_hours: number | null;
  volunteering_pledged: number;
  hours_confirmed: number;
}

/** A Live project of the charity that still asks for at least `hours` hours of volunteering. */
export async function projectNeedingHours(page: Page, token: string, charityId: number, hours: number) {
  const live = await apiGet<{ items: ProjectBody[] }>(
    page,
    token,
    `/charity/projects/${charityId}/2?limit=100`,
  );
  const project = live.items.find(
    (item) =>
      item.giving_kinds.includes(3) &&
      item.volunteering_hours !== null &&
      item.volunteering_hours - item.volunteering_pledged >= hours,
  );
  if (!project) throw new Error('no Live project of the charity asking for volunteering');
  return project;
}

/**
 * Opens a project's give flow (a charity's, given `{ charity }`) for `action` ('Give funds', 'Give as
 * a guest') at its first step.
 */
export async function openGiveFlow(page: Page, target: number | { charity: number }, action = 'Give funds') {
  const [path, region] =
    typeof target === 'number'
      ? [`/projects/${target}`, 'Support this project']
      : [`/charities/${target.charity}`, 'Support this charity'];
  await page.goto(path);
  await page.getByRole('region', { name: region }).getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog');
  return { dialog, details: dialog.getByRole('form', { name: 'Your gift' }) };
}

/** Types a card into the sandbox's card fields of `form` (any future expiry, any code). */
export async function typeCard(form: Locator, number: string) {
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry month').fill('12');
  await form.getByLabel('Expiry year').fill(EXPIRY_YEAR);
  await form.getByLabel('Security code').fill('123');
}

/** The alerts (toasts, refusals) that say `text`: the first of them. */
export function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

/** Map tiles and anything else off this app are unreachable: a journey never waits on the internet. */
export function onlyThisApp(page: Page) {
  return page.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => route.abort('internetdisconnected'),
  );
}

/**
 * A spec's set-up: every test's page reaches only this app (onlyThisApp) and, when given, each test
 * may take `timeoutMs` (the long journeys).
 */
export function journeySetUp(timeoutMs?: number) {
  test.beforeEach(({ page }) => onlyThisApp(page));
  if (timeoutMs) test.describe.configure({ timeout: timeoutMs });
}

/** What the login call answers that set-up through the API reads: the token, the person, their charities. */
export interface ApiLogin {
  token: string;
  user: { id: number; first_name: string; last_name: string };
  charity_membership: Array<{ charity_id: number; name: string }>;
}

/** A person's login answer (the demo password unless given), for set-up through the API. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<ApiLogin> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ApiLogin;
}

/** A gift as its giver reads it (GET /api/user/donation/:id), with what was refunded of it. */
export interface RefundedGift {
  id: number;
  status: number;
  message: string | null;
  refunded_amount: number;
  refund_request: { status: string } | null;
  refunds: Array<{ id: number; amount: number; status: string; credit_note_number: string | null }>;
}

/** A demo person's token from the login call, for set-up through the API. */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  return (await apiLogin(request, email)).token;
}

/**
 * POST /api`path` with a bearer token and a fresh Idempotency-Key (no browser session), expecting
 * `status` (201 unless given); answers the body.
 */
export async function apiPost<T>(
  page: Page,
  token: string,
  path: string,
  data: unknown,
  status = 201,
): Promise<T> {
  const response = await page.request.post(`/api${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data,
  });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** GET /api`path` with a bearer token (no browser session), expecting success; answers the body. */
export async function apiGet<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Signs in through the login screen and waits until the app has left it. */
export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs in without the login screen, for journeys about something else: the login call's answer is
 * stored the way the app stores a session, then the app opens at `at` (the dashboard by default).
 * The login screen itself has its journeys (accounts, session, forms).
 */
export async function signInAs(page: Page, email: string, at = '/') {
  const response = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  const login = (await response.json()) as Record<string, unknown> & { token: string; user: object };
  // A same-origin address that loads no app, so that the storage is written before the app starts.
  await page.goto('/api/health');
  await page.evaluate(
    ({ keys, login }) => {
      localStorage.clear();
      localStorage.setItem(keys.token, login.token);
      if (typeof login.expires_at === 'string') localStorage.setItem(keys.tokenExpiresAt, login.expires_at);
      localStorage.setItem(keys.user, JSON.stringify(login.user));
      localStorage.setItem(keys.charityMembership, JSON.stringify(login.charity_membership ?? []));
      localStorage.setItem(keys.businessMembership, JSON.stringify(login.business_membership ?? []));
      localStorage.setItem(keys.projectMembership, JSON.stringify(login.project_membership ?? []));
      localStorage.setItem(keys.groupMembership, JSON.stringify(login.group_membership ?? []));
    },
    { keys: STORAGE_KEYS, login },
  );
  await page.goto(at);
  await expect(page).not.toHaveURL(/\/login/);
}

export async function signOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Waits until the screen has its heading and nothing is loading any more. */
export async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
}

/** Closes the toasts shown (on a phone they sit over the header, and a finger on one keeps it). */
export async function closeToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  // One at a time, the first each time: the others move up as one closes (a toast that fades on
  // its own meanwhile is gone all the same).
  for (let tries = 0, shown = await close.count(); shown > 0 && tries < 10; tries += 1) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await expect(close)
      .toHaveCount(shown - 1, { timeout: 5_000 })
      .catch(() => undefined);
    shown = await close.count();
  }
}

/**
 * Waits (up to a minute: the server's worker sends it) until the bell's newest notifications have
 * a link named `name`, reloading between looks.
 */
export async function expectToldUnderTheBell(page: Page, name: RegExp) {
  const bell = page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
  await expect(async () => {
    await page.reload();
    await closeToasts(page);
    await bell.click({ timeout: 3_000 });
    await expect(
      page.getByRole('list', { name: 'Newest notifications' }).getByRole('link', { name }),
    ).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * Switches the account the person acts as (the header's account switcher) to one of their charities
 * or organisations, and waits until the screen wears its colours.
 */
export async function actAs(page: Page, name: string, kind: 'charity' | 'organisation') {
  await page.getByRole('combobox', { name: 'Active account' }).selectOption({ label: `${name} (${kind})` });
  await expect(page.locator('html')).toHaveAttribute('data-account-kind', kind);
}

/**
 * Approves what is ticked in the organisation's sign-off inbox: the confirmation names the count and
 * the total (`question`, "Approve 1 gift totalling ₹120?") before anything is sent.
 */
export async function approveSelected(page: Page, count: number, question: string) {
  await page.getByRole('button', { name: `Approve selected (${count})` }).click();
  const dialog = page.getByRole('dialog', { name: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(toast(page, 'Signed off')).toBeVisible();
}

/**
 * The labels of the badges on screen that are cut short ("AWAITING ORGANISATION APPRO…"): their
 * text is wider than the room they have. Empty when every badge reads in full.
 */
export async function clippedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Badge-label')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? ''),
  );
}

/** Opens the signed-in person's menu (profile, log out) in the header, closing toasts over it first. */
export async function openAccountMenu(page: Page) {
  // A toast can arrive over the button between the two (its container loads with the first
  // toast, and a pointer resting on it keeps it): close toasts again until the click lands.
  const button = page.getByRole('button', { name: 'Account menu' });
  await expect(async () => {
    await closeToasts(page);
    await button.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Opens a section of an area (Admin, Organisation, Charity) from the area's row of section links. */
export async function openSection(page: Page, area: string, name: string) {
  await page
    .getByRole('navigation', { name: `${area} sections` })
    .getByRole('link', { name })
    .click();
}

/**
 * A link of the main navigation: in the header's bar on a wide window, behind the burger on a
 * phone (the drawer closes again once the link is followed).
 */
export async function openMainLink(page: Page, name: string) {
  if (isPhone()) {
    // The burger sits under the phone's toasts: close them until the tap lands (as openAccountMenu).
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await expect(async () => {
      await closeToasts(page);
      await burger.click({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  }
}

/** Whether a link of the main navigation is offered (looking behind the burger on a phone). */
export async function mainLinks(page: Page): Promise<string[]> {
  if (isPhone()) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    // The drawer's links, once it has opened (read too early, there are none yet).
    await expect(menu.getByRole('link').first()).toBeVisible();
    const names = await menu.getByRole('link').allInnerTexts();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    return names.map((name) => name.trim());
  }
  return (await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).map(
    (name) => name.trim(),
  );
}

/**
 * Opens explore's filters: on a phone they wait behind the "Filters (n)" button in a drawer; on a
 * wide window they are always shown. Returns where to find them.
 */
export async function openExploreFilters(page: Page) {
  if (!isPhone()) return page.getByRole('main');
  await page.getByRole('button', { name: /^Filters \(\d+\)$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Closes explore's filters drawer on a phone (nothing to do on a wide window). */
export async function closeExploreFilters(page: Page) {
  if (!isPhone()) return;
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await drawer.getByRole('button', { name: 'Show results' }).click();
  await expect(drawer).toBeHidden();
}

/** The data folder of the server this journey's project runs against. */
function dataDir(): string {
  return String(test.info().project.metadata.dataDir);
}

/**
 * Runs one of the app's scheduled jobs once against the app under test's database (the journeys'
 * servers run no schedule), as at `at` when given: `npm run job`'s command on the built app.
 */
export async function runJob(name: string, at?: Date): Promise<string> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const args = ['apps/api/dist/cli/run-job.js', name, ...(at ? ['--at', at.toISOString()] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    env: { ...process.env, DATA_DIR: dataDir(), JWT_SECRET: E2E_JWT_SECRET, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
}

/** The mails the app under test wrote into its outbox, oldest first. */
export function outbox(): Promise<OutboxMail[]> {
  return readOutbox(path.resolve(dataDir(), 'outbox'));
}

/** Waits for the newest mail to an address (with this subject, if given) and returns it. */
export async function mailTo(address: string, subject?: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox())
          .filter((m) => m.to.includes(address) && (subject === undefined || m.subject === subject))
          .pop();
        return found !== undefined;
      },
      { message: `a mail${subject ? ` "${subject}"` : ''} to ${address}` },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** The path of the invitation link in the latest mail to `address` (whose subject matches `subject`), once it comes. */
export async function invitationPath(address: string, subject?: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await outbox())
        .filter((m) => m.to.includes(address) && (subject === undefined || subject.test(m.subject)))
        .pop();
      link = mail ? (/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '') : '';
      return link;
    })
    .not.toBe('');
  return new URL(link).pathname;
}

/**
 * The rules every scan runs: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices. Naming the
 * tags also runs the rules axe leaves off by default that they cover, among them 'target-size'
 * (WCAG 2.2 SC 2.5.8: a target at least 24 x 24 CSS px, or 24 px clear of the next one).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Fails on any serious or critical accessibility violation of the current screen.
 *
 * Scans in the desktop project; in the phone project only where a walk asks for it
 * (`{ atPhoneSize: true }`): `screens-phone.spec.ts` scans every main screen at 320 px, and the same
 * screens and states are scanned by the journeys at desktop size, so scanning each of them again
 * at 360 px found nothing new and cost a third of the phone run.
 *
 * axe runs in the page itself (legacy mode): the newer mode opens a blank page for every scan to
 * merge the results of cross-origin frames, which this app does not have (the sandbox card form
 * is ours), and doubled the time of a scan.
 */
export async function expectAccessible(page: Page, label: string, options: { atPhoneSize?: boolean } = {}) {
  if (isPhone() && !options.atPhoneSize) return;
  // Menus and dialogs fade in: scanning mid-animation reports contrast that no one sees.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // A dialog is named by its title, which mounts a moment after the dialog itself: wait for it (a
  // dialog that stays unnamed is then reported by axe).
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].every((dialog) => {
          if (dialog.getAttribute('aria-label')?.trim()) return true;
          const ids = dialog.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
          return ids.some((id) => document.getElementById(id)?.textContent?.trim());
        }),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Only the violations are wanted: axe then skips collecting every passing node (half a scan's time).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  expectNoSeriousViolations(results, label);
}

/** Fails on any serious or critical violation among axe's results, naming each and where it is. */
function expectNoSeriousViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>, label: string) {
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `axe on ${label}`,
  ).toEqual([]);
}

/**
 * Fails on any serious or critical accessibility violation of the page and of the frames it shows
 * from other origins (the donate button on a charity's site, e2e/embed.spec.ts): axe's own mode,
 * which merges each frame's results, where `expectAccessible`'s legacy mode skips such frames. It
 * runs in both projects: the phone's narrow frame is the donate button's hardest case.
 */
export async function expectAccessibleWithFrames(page: Page, label: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  expectNoSeriousViolations(results, label);
}

/**
 * Collects what the page's Content-Security-Policy refuses from now on, including a refusal the
 * page catches itself (zod's probe of `new Function` prints nothing): every one is reported.
 */
export async function watchContentSecurityPolicy(page: Page): Promise<string[]> {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.warn(`Content-Security-Policy refused ${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  return refused;
}

/** Fills the person's part of a Create account form (names, email, DEMO_PASSWORD twice) and sends it. */
export async function submitNewAccount(form: Locator, firstName: string, lastName: string, email: string) {
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByLabel('Confirm password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
}

/** A unique email for a person a journey registers. */
export function freshEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

/**
 * Registers a person through the API and activates the account with the link of its activation
 * mail; returns the email (the password is DEMO_PASSWORD).
 */
export async function registerActivated(
  page: Page,
  prefix: string,
  firstName = 'Robin',
  lastName = 'Tester',
) {
  const email = freshEmail(prefix);
  await registerActivatedAs(page, email, firstName, lastName);
  return email;
}

/**
 * Registers a person with a given email through the API and activates the account with the link of
 * its activation mail (the password is DEMO_PASSWORD).
 */
export async function registerActivatedAs(page: Page, email: string, firstName: string, lastName: string) {
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: DEMO_PASSWORD, first_name: firstName, last_name: lastName },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox())
        .filter((m) => m.to.includes(email) && m.subject === 'Activate your Kindred account')
        .pop();
      link = mail ? /https?:\/\/\S+\/activate\/\S+/.exec(mail.text)?.[0] : undefined;
      return link !== undefined;
    })
    .toBe(true);
  const activated = await page.request.get(`/api/auth${new URL(link as string).pathname}`);
  expect(activated.status(), await activated.text()).toBe(200);
}

/**
 * The pointer targets of the current screen that fail WCAG 2.2 SC 2.5.8 (target size, minimum):
 * under 24 x 24 CSS px and not spaced (a 24 px circle centred on the target meets another target,
 * or another undersized target's circle). Counts every control a finger can press (links, buttons,
 * fields, checkboxes, radios, switches, tabs, menu items, a stepper hidden from screen readers)
 * except links inside a sentence (the inline exception) and controls one cannot see or reach. A
 * control drawn hidden over its visible part (a switch's input) counts as that part: its label's
 * track, or else its label.
 */
export function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 24;
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const seen = (box: DOMRect) => box.width > 1 && box.height > 1;
    /** Hidden from sight although laid out: transparent or invisible, itself or an ancestor. */
    const invisible = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.visibility === 'hidden' || style.opacity === '0') return true;
      }
      return false;
    };
    /** A link in running text: its block has words of its own beside the link. */
    const inline = (element: Element) =>
      element.tagName === 'A' &&
      getComputedStyle(element).display === 'inline' &&
      [...(element.parentElement?.childNodes ?? [])].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
    /** What a finger presses for this control: the control, or the visible part a hidden input stands for. */
    const pressed = (element: Element): Element | undefined => {
      const box = element.getBoundingClientRect();
      if (seen(box) && !invisible(element)) return element;
      if (!(element instanceof HTMLInputElement)) return undefined;
      const label = element.labels?.[0];
      if (!label) return undefined;
      const track = label.querySelector('.mantine-Switch-track');
      const part = track ?? label;
      return seen(part.getBoundingClientRect()) && !invisible(part) ? part : undefined;
    };
    const describe = (element: Element, box: DOMRect) => {
      const name =
        element.getAttribute('aria-label') ??
        (element instanceof HTMLInputElement ? (element.labels?.[0]?.textContent ?? element.name) : null) ??
        element.textContent ??
        '';
      const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
      const type = element instanceof HTMLInputElement ? `[${element.type}]` : '';
      return `${role}${type} "${name.trim().replace(/\s+/g, ' ').slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`;
    };
    const targets: Array<{ control: Element; part: Element; box: DOMRect }> = [];
    for (const control of document.querySelectorAll(selector)) {
      if (inline(control)) continue;
      const part = pressed(control);
      if (!part) continue;
      const box = part.getBoundingClientRect();
      // Off the page (a skip link waiting above it until focused).
      if (box.bottom + window.scrollY <= 0 || box.right + window.scrollX <= 0) continue;
      targets.push({ control, part, box });
    }
    const small = (box: DOMRect) => box.width < MIN - 0.5 || box.height < MIN - 0.5;
    const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    /** Whether two targets are one control (a label and its input, a button and its icon). */
    const same = (a: (typeof targets)[number], b: (typeof targets)[number]) =>
      a.part.contains(b.part) ||
      b.part.contains(a.part) ||
      a.control.contains(b.control) ||
      b.control.contains(a.control);
    const bad: string[] = [];
    for (const target of targets) {
      if (!small(target.box)) continue;
      const c = centre(target.box);
      const crowded = targets.some((other) => {
        if (other === target || same(target, other)) return false;
        const o = other.box;
        // The distance from the centre to the other target's box, and to its circle if undersized.
        const dx = Math.max(o.left - c.x, 0, c.x - o.right);
        const dy = Math.max(o.top - c.y, 0, c.y - o.bottom);
        if (Math.hypot(dx, dy) < MIN / 2 - 0.5) return true;
        if (!small(o)) return false;
        const oc = centre(o);
        return Math.hypot(oc.x - c.x, oc.y - c.y) < MIN - 0.5;
      });
      if (crowded) bad.push(describe(target.control, target.box));
    }
    return bad;
  });
}
