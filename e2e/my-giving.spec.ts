import { readFile } from 'node:fs/promises';
import { apiToken, closeToasts, DEMO, expectAccessible, signInAs } from './support/app';
import { type APIRequestContext, expect, type Page, test } from './support/test';

/** My giving: a gift approved by the charity, its receipt and statements, a monthly gift paused, resumed and cancelled. */

interface ProjectCard {
  id: number;
  title: string;
  charity: { id: number; name: string } | null;
  giving_kinds: number[];
  volunteering_hours: number | null;
  volunteering_pledged: number;
}

interface DonationBody {
  donation: { id: number; status: number } | null;
  subscription: { id: number; status: string } | null;
}

async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A live project of River Trust that takes funds and still needs volunteers. */
async function riverTrustProject(request: APIRequestContext): Promise<ProjectCard> {
  const response = await request.get('/api/explore/project/list?limit=100');
  const items = ((await response.json()) as { items: ProjectCard[] }).items;
  const project = items.find(
    (p) =>
      p.charity?.name === 'River Trust' &&
      p.giving_kinds.includes(2) &&
      p.giving_kinds.includes(3) &&
      (p.volunteering_hours ?? 0) - p.volunteering_pledged >= 2,
  );
  if (!project) throw new Error('no River Trust project takes funds and volunteers');
  return project;
}

/** Saves what a click downloads and gives its name and text. */
async function downloadOf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: (await readFile(file)).toString('latin1') };
}

async function openTab(page: Page, name: string) {
  // On a phone the toasts of the downloads sit over the tabs.
  await closeToasts(page);
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test.describe('my giving', () => {
  test('the donor follows a gift the charity approved, downloads its receipt and statements, and runs a monthly gift', async ({
    page,
  }) => {
    // One journey across six tabs, each scanned by axe.
    test.setTimeout(180_000);
    const request = page.request;
    const donor = await apiToken(request, DEMO.donor);
    const charity = await apiToken(request, DEMO.charity);
    const project = await riverTrustProject(request);
    const charityId = project.charity?.id ?? 0;

    // Set-up through the API: a gift of funds, two hours of time the charity approves, a monthly gift.
    const funds = await apiCall<DonationBody>(request, donor, 'POST', `user/donate/project/${project.id}`, {
      type: 2,
      amount: 4_321,
      source: 'wallet',
      message: 'For the river, from the browser journey',
    });
    expect(funds.donation?.status).toBe(80);
    const time = await apiCall<DonationBody>(request, donor, 'POST', `user/donate/project/${project.id}`, {
      type: 3,
      hours: 2,
      date: '',
    });
    expect(time.donation?.status).toBe(30);
    await apiCall(request, charity, 'POST', `charity/${charityId}/approve_donations`, {
      donation_ids: [time.donation?.id],
      action: 'approve',
    });
    const monthly = await apiCall<DonationBody>(request, donor, 'POST', `user/donate/project/${project.id}`, {
      type: 2,
      amount: 1_777,
      source: 'wallet',
      frequency: 3,
    });
    const subscriptionId = monthly.subscription?.id ?? 0;

    await signInAs(page, DEMO.donor, '/donations');
    await expect(page.getByRole('heading', { level: 1, name: 'My giving' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Your donations' });
    await expect(list.getByRole('listitem').filter({ hasText: '₹43.21' }).first()).toBeVisible();
    await expectAccessible(page, 'my giving: donations');

    // The pledge of time, now approved by the charity, with who approved it in its history.
    await page.getByLabel('Kind of giving').selectOption({ label: 'Volunteering' });
    await expect(page).toHaveURL(/[?&]type=3/);
    const pledge = list
      .getByRole('listitem')
      .filter({ hasText: project.title })
      .filter({ hasText: '2 hours' })
      .first();
    await expect(pledge.getByText('Approved')).toBeVisible();
    await pledge.getByRole('button', { name: /^Details of 2 hours/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Donation details' });
    await expect(dialog.getByText(/by Charlie Charity/)).toBeVisible();
    await expectAccessible(page, 'my giving: a donation');
    await dialog.getByRole('button', { name: 'Close details' }).click();
    await expect(dialog).toBeHidden();

    for (const view of ['Declined', 'Coming']) {
      await page.getByText(view, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`view=${view.toLowerCase()}`));
      await expectAccessible(page, `my giving: ${view.toLowerCase()} donations`);
    }
    await expect(page.getByRole('table').getByText('₹17.77').first()).toBeVisible();

    // Receipts and statements.
    await openTab(page, 'Receipts & statements');
    const receipts = page.getByRole('list', { name: 'Gifts with a receipt' });
    const gift = receipts.getByRole('listitem').filter({ hasText: '₹43.21' }).first();
    await expect(gift).toBeVisible();
    await expectAccessible(page, 'my giving: receipts and statements');
    const receipt = await downloadOf(page, () =>
      gift.getByRole('button', { name: /Download receipt/ }).click(),
    );
    expect(receipt.name).toMatch(/^kindred-receipt-.+\.pdf$/);
    expect(receipt.text.startsWith('%PDF')).toBe(true);
    const pdf = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download statement (PDF)' }).click(),
    );
    expect(pdf.name).toMatch(/^kindred-giving-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf.text.startsWith('%PDF')).toBe(true);
    const csv = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download statement (CSV)' }).click(),
    );
    expect(csv.name).toMatch(/\.csv$/);
    const csvText = Buffer.from(csv.text, 'latin1').toString('utf8');
    const row = csvText.split(/\r?\n/).find((line) => line.includes(project.title) && line.includes('43.21'));
    expect(row, csvText).toBeTruthy();
    expect(csvText.split(/\r?\n/)[0]).toContain('date');

    // The monthly gift: paused, resumed and cancelled on the screen.
    await openTab(page, 'Recurring');
    const card = page.getByRole('listitem', { name: `₹17.77 monthly to ${project.title}` });
    await expect(card.getByText('Active')).toBeVisible();
    await expectAccessible(page, 'my giving: recurring');
    await card.getByRole('button', { name: 'Pause' }).click();
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Recurring' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Resume' }).click();
    await expect(card.getByText('Active')).toBeVisible();
    await card.getByRole('button', { name: 'Cancel' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Cancel this recurring donation?' });
    // Scanned once the dialog is open and named (during its opening it has no name yet).
    await expect(confirmDialog).toBeVisible();
    await expectAccessible(page, 'my giving: cancel confirmation');
    await confirmDialog.getByRole('button', { name: 'Cancel donation' }).click();
    await expect(card.getByText('Cancelled: no more gifts.')).toBeVisible();
    const after = await apiCall<{ items: Array<{ id: number; status: string }> }>(
      request,
      donor,
      'GET',
      'user/donation_subscriptions?limit=100',
    );
    expect(after.items.find((s) => s.id === subscriptionId)?.status).toBe('cancelled');

    // The other tabs.
    await openTab(page, 'Volunteering');
    await expect(
      page.getByRole('region', { name: 'Volunteering' }).getByText(project.title).first(),
    ).toBeVisible();
    await expectAccessible(page, 'my giving: volunteering');
    await openTab(page, 'Totals');
    await expect(page.getByText('Funds given').first()).toBeVisible();
    await expectAccessible(page, 'my giving: totals');
    await page.getByRole('button', { name: 'Show as a table' }).click();
    await expect(page.getByRole('table', { name: 'Your giving by month' })).toBeVisible();
    await expectAccessible(page, 'my giving: totals as a table');
    await openTab(page, 'Gift Aid');
    // The demo donor declared for River Trust; an earlier declaration naming no charity is kept.
    const riverTrust = page.getByRole('listitem', { name: /River Trust/ });
    await expect(riverTrust.getByText(/^Declared on/)).toBeVisible();
    await expect(page.getByText(/^Declared on/)).toHaveCount(2);
    await expectAccessible(page, 'my giving: Gift Aid');
  });
});
