import {
  apiToken,
  DEMO,
  expectAccessible,
  registerActivated,
  signIn,
  signInAs,
  submitNewAccount,
  watchContentSecurityPolicy,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * Forms and messages: refusals show beside their fields and above the form (never only in a
 * toast), dates read '22 Nov 2026', and the project and charity screens behave after a delete, an
 * edit of the town, a new logo, or a last Super Admin.
 */

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A town of the places data, by region name and the first letters of its name. */
async function townOf(page: Page, region: string, letters: string) {
  const regions = (await (await page.request.get('/api/state/by_country/1')).json()) as {
    items: Array<{ id: number; name: string }>;
  };
  const state = regions.items.find((item) => item.name === region);
  expect(state, region).toBeDefined();
  const towns = (await (
    await page.request.get(`/api/city/by_state/${state?.id}?q=${encodeURIComponent(letters)}`)
  ).json()) as { items: Array<{ id: number; name: string }> };
  expect(towns.items.length, `${letters} in ${region}`).toBeGreaterThan(0);
  return towns.items[0] as { id: number; name: string };
}

/** A Draft of the demo charity through the API. */
async function draftProject(page: Page, token: string, title: string, extra: Record<string, unknown> = {}) {
  const me = (await (
    await page.request.get('/api/user/get', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { charity_membership: Array<{ charity_id: number }> };
  const charityId = me.charity_membership[0]?.charity_id;
  const created = await page.request.post('/api/project/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, charity_id: charityId, ...extra },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number };
}

test('a sign-in refusal shows beside its fields, with the values kept; registering a known address says to check the mail', async ({
  page,
}) => {
  // The forms' schemas bring zod, configured not to probe `new Function` under the CSP.
  const refused = await watchContentSecurityPolicy(page);
  await page.goto('/login');
  const signInForm = page.getByRole('form', { name: 'Sign in' });
  await signInForm.getByLabel('Email').fill(DEMO.donor);
  await signInForm.getByLabel('Password', { exact: true }).fill('not-the-password');
  await signInForm.getByRole('button', { name: 'Sign in' }).click();
  const password = signInForm.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(signInForm.getByText('Check the email and the password.')).toBeVisible();
  await expect(signInForm.getByTestId('form-refusal')).toContainText('The email or password is not right.');
  await expect(signInForm.getByLabel('Email')).toHaveValue(DEMO.donor);
  await expectAccessible(page, 'sign-in refused');

  await page.goto('/register');
  const register = page.getByRole('form', { name: 'Create account' });
  await submitNewAccount(register, 'Dana', 'Again', DEMO.donor);
  // A known address is answered like a new one (its owner is mailed): nothing on the page says the
  // address has an account (decision 035).
  await expect(
    page.getByRole('status').filter({ hasText: 'Check your mail to activate your account.' }),
  ).toBeVisible();
  await expect(page.getByText('already exists')).toHaveCount(0);
  await expect(page.locator('[data-severity="error"]')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('a pledge keeps the hours and the day typed, and says beside each what is wrong', async ({ page }) => {
  const found = await page.request.get('/api/explore/project/list?giving_kind=3&limit=100');
  const project = ((await found.json()) as { items: Array<{ id: number }> }).items[0];
  expect(project, 'a Live demo project asking for volunteers').toBeDefined();
  await signInAs(page, DEMO.donor, `/projects/${project?.id}`);
  await page
    .getByRole('region', { name: 'Support this project' })
    .getByRole('button', { name: 'Volunteer' })
    .click();
  const form = page.getByRole('dialog').getByRole('form', { name: 'Your gift' });
  const hours = form.getByLabel('Hours', { exact: true });
  await hours.fill('-3');
  const date = form.getByLabel('Date', { exact: true });
  await date.fill('01/02/20');
  await date.press('Tab');
  // A day before today stays as typed, with the days the project takes beside it.
  await expect(date).toHaveValue('01/02/20');
  await expect(
    form.getByText(/^Choose a date (between|on or after) \d{1,2} [A-Z][a-z]{2} \d{4}/),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Review' }).click();
  await expect(form.getByText('Enter a whole number of hours between 1 and 10,000.')).toBeVisible();
  await expect(hours).toHaveValue('-3');
  await expect(hours).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('give-review')).toHaveCount(0);
  await expectAccessible(page, 'pledge refused beside its fields');
});

test('a project: its stored town and region, a new town, its logo on the public page, deleting a Draft', async ({
  page,
}) => {
  const token = await apiToken(page.request, DEMO.charity);
  const stamp = Date.now().toString(36);
  const bristol = await townOf(page, 'South West', 'Bris');
  const bath = await townOf(page, 'South West', 'Bath');
  const project = await draftProject(page, token, `Towpath benches ${stamp}`, { city_id: bristol.id });
  await signIn(page, DEMO.charity);

  await test.step('the stored town shows with its region, and another town is accepted', async () => {
    await page.goto(`/charity/projects/${project.id}`);
    const form = page.getByRole('form', { name: 'Project details' });
    await expect(form.getByLabel('Region')).toHaveValue(/\d+/);
    await expect(form.getByLabel('Region').locator('option:checked')).toHaveText('South West');
    await expect(form.getByRole('combobox', { name: 'Town' })).toHaveValue(bristol.name);
    await form.getByRole('combobox', { name: 'Town' }).fill('Bath');
    await page.getByRole('option', { name: bath.name, exact: true }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Update successful' })).toBeVisible();
    await expect(form.getByTestId('form-refusal')).toHaveCount(0);
    const saved = (await (
      await page.request.get(`/api/project/${project.id}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { city: string; city_id: number | null };
    expect(saved.city).toBe(bath.name);
    await page.reload();
    await expect(form.getByRole('combobox', { name: 'Town' })).toHaveValue(bath.name);
    await expect(form.getByLabel('Region').locator('option:checked')).toHaveText('South West');
  });

  await test.step('the uploaded logo shows on the public page', async () => {
    await page.getByRole('tab', { name: 'Gallery and documents' }).click();
    await page
      .getByLabel('Project logo file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('alert').filter({ hasText: 'Logo updated' })).toBeVisible();
    await page.goto(`/projects/${project.id}`);
    const logo = page.getByRole('img', { name: `Logo of Towpath benches ${stamp}` });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveJSProperty('complete', true);
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('deleting the Draft fetches nothing of it again and shows no "not found"', async () => {
    await page.goto(`/charity/projects/${project.id}`);
    await expect(page.getByRole('form', { name: 'Project details' })).toBeVisible();
    const after: string[] = [];
    let deleted = false;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'DELETE' && path === `/api/project/${project.id}`) deleted = true;
      else if (deleted && path.includes(`/${project.id}`)) after.push(`${request.method()} ${path}`);
    });
    await page.getByRole('button', { name: 'Delete draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this draft?' });
    await dialog.getByRole('button', { name: 'Delete draft', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Project deleted' })).toBeVisible();
    await expect(page).toHaveURL(/\/charity\/projects$/);
    await page.waitForLoadState('networkidle');
    expect(after).toEqual([]);
    await expect(page.getByText(/not found/i)).toHaveCount(0);
  });
});

test('dates read "22 Nov 2026"; cancelling says "Project cancelled" like its label', async ({ page }) => {
  const token = await apiToken(page.request, DEMO.charity);
  const stamp = Date.now().toString(36);
  const project = await draftProject(page, token, `Hedge planting ${stamp}`, {
    start_date: '2031-03-02',
    end_date: '2031-11-22',
  });
  await signIn(page, DEMO.charity);
  await page.goto(`/charity/projects/${project.id}`);
  await expect(page.getByText('2 Mar 2031 to 22 Nov 2031')).toBeVisible();
  // Date inputs keep mm/dd/yy (docs/product/dates.md).
  await expect(
    page.getByRole('form', { name: 'Project details' }).getByRole('textbox', { name: 'End date' }),
  ).toHaveValue('11/22/31');

  await page.getByRole('button', { name: 'Cancel project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this project?' });
  await dialog.getByRole('button', { name: 'Cancel project', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Project cancelled' })).toBeVisible();
  await expect(page.locator('main .mantine-Badge-root').filter({ hasText: /^Cancelled$/i })).toBeVisible();
});

test('the only Super Admin of a charity is not offered to leave it', async ({ page }) => {
  const email = await registerActivated(page, 'sole-admin', 'Sole', 'Admin');
  const token = await apiToken(page.request, email);
  const created = await page.request.post('/api/user/add/charity', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Canal friends ${Date.now().toString(36)}`, charity_types: [5] },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, email);
  await page.goto('/charity/members');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Leave the charity' })).toHaveCount(0);
  await expect(row).toContainText('make another member Super Admin to leave');
});

test('a public page with a malformed id says "not found" without asking the API', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/charity/') || path.startsWith('/api/project/')) calls.push(path);
  });
  for (const who of ['a visitor', 'a charity admin']) {
    if (who === 'a charity admin') await signIn(page, DEMO.charity);
    await page.goto('/charities/abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Charity not found' })).toBeVisible();
    await page.goto('/projects/abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
    await page.goto('/charities/0');
    await expect(page.getByRole('heading', { level: 1, name: 'Charity not found' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls, who).toEqual([]);
  }
});

test('the profile offers capitalised genders', async ({ page }) => {
  await signIn(page, DEMO.donor);
  await page.goto('/profile');
  const gender = page.getByLabel('Gender');
  await expect(gender.locator('option')).toContainText([
    'Not given',
    'Male',
    'Female',
    'Trans male',
    'Trans female',
    'Gender neutral',
    'Other',
    'Prefer not to say',
  ]);
});
