import { formatMoney } from '../packages/shared/src/money/money';
import {
  apiGet,
  apiPost,
  apiToken,
  DEMO,
  expectAccessible,
  openSection,
  RIVER_CLEAN_UP,
  signInAs,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * The platform's donation review: a gift of funds above the review threshold waits for a platform
 * admin, who completes one and rejects another (its money goes back); the project's supporters wall
 * shows who gave, anonymous donors unnamed.
 */

/** Above the API's default DONATION_REVIEW_THRESHOLD (5,000,000 minor units): held for review. */
const HELD_AMOUNT = 6_000_000;

interface WalletBody {
  wallet_amount: number;
  credits: number;
  held: number;
  currency: string;
}
interface DonationBody {
  id: number;
  status: number;
  amount: number | null;
  history: Array<{ status: number; reason: string | null; by: { name: string } | null }>;
}

/** The demo's live river project, as explore lists it. */
async function riverProject(page: Page): Promise<{ id: number; title: string }> {
  const listed = await page.request.get(
    `/api/explore/project/list?q=${encodeURIComponent('river banks')}&limit=100`,
  );
  const project = ((await listed.json()) as { items: Array<{ id: number; title: string }> }).items.find(
    (p) => p.title === RIVER_CLEAN_UP,
  );
  if (!project) throw new Error('the demo project is not listed');
  return project;
}

/** The demo donor, with money for two gifts above the review threshold (an admin's deposit). */
async function fundedDonor(page: Page) {
  const admin = await apiToken(page.request, DEMO.admin);
  const token = await apiToken(page.request, DEMO.donor);
  const { user } = await apiGet<{ user: { id: number; first_name: string; last_name: string } }>(
    page,
    token,
    '/user/get',
  );
  await apiPost(page, admin, `/admin/user/${user.id}/deposit`, {
    amount: 2 * HELD_AMOUNT,
    kind: 'money',
    reason: 'E2E: money for gifts held for review',
  });
  return { token, id: user.id, name: `${user.first_name} ${user.last_name}` };
}

async function give(page: Page, token: string, projectId: number, body: Record<string, unknown>) {
  const answer = await apiPost<{ donation: DonationBody; wallet: WalletBody }>(
    page,
    token,
    `/user/donate/project/${projectId}`,
    { type: 2, source: 'wallet', ...body },
  );
  return answer;
}

async function openQueue(page: Page) {
  await page.goto('/admin/donations');
  await expect(page.getByRole('heading', { level: 1, name: 'Donations for review' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Donations waiting for the platform' })).toBeVisible();
}

test.describe('platform donation review', () => {
  test('a platform admin completes a held donation and rejects another; its money goes back to the donor', async ({
    page,
  }) => {
    const project = await riverProject(page);
    const donor = await fundedDonor(page);
    const summaryBefore = await apiGet<{ funds_raised: number }>(
      page,
      donor.token,
      `/project/${project.id}/summary`,
    );
    const first = await give(page, donor.token, project.id, {
      amount: HELD_AMOUNT,
      message: 'E2E: for the new boat',
    });
    expect(first.donation.status).toBe(40);
    const second = await give(page, donor.token, project.id, { amount: HELD_AMOUNT + 100 });
    expect(second.donation.status).toBe(40);
    const walletWhileHeld = second.wallet;

    await signInAs(page, DEMO.admin, '/admin');
    await openSection(page, 'Admin', 'Donations');
    await openQueue(page);
    const firstCard = page.getByRole('article', {
      name: `${formatMoney(HELD_AMOUNT)} from ${donor.name}`,
    });
    await expect(firstCard).toHaveCount(1);
    await expect(firstCard).toContainText(RIVER_CLEAN_UP);
    await expect(firstCard).toContainText('Held for review');
    await expect(firstCard).toContainText('“E2E: for the new boat”');
    await expectAccessible(page, 'admin donations');

    // Complete the first: select it, confirm, it leaves the queue as Approved.
    await page.getByRole('checkbox', { name: new RegExp(`^Select donation #${first.donation.id}:`) }).check();
    await expect(page.getByRole('status').filter({ hasText: '1 selected' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete selected' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Complete 1 donation?' });
    await expect(confirmDialog).toContainText('1 donation held for review is approved');
    await expectAccessible(page, 'complete donations dialog');
    await confirmDialog.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByText('Donations completed', { exact: true })).toBeVisible();
    await expect(firstCard).toHaveCount(0);
    const approved = await apiGet<{ donation: DonationBody }>(
      page,
      donor.token,
      `/user/donation/${first.donation.id}`,
    );
    expect(approved.donation.status).toBe(80);
    const summaryAfter = await apiGet<{ funds_raised: number }>(
      page,
      donor.token,
      `/project/${project.id}/summary`,
    );
    expect(summaryAfter.funds_raised).toBe(summaryBefore.funds_raised + HELD_AMOUNT);

    // Reject the second: the reason is required, then the money is back in the donor's wallet.
    await page.getByRole('button', { name: `Reject donation #${second.donation.id}` }).click();
    const rejectDialog = page.getByRole('dialog', { name: `Reject donation #${second.donation.id}?` });
    await expect(rejectDialog).toContainText(`goes back to ${donor.name}’s wallet`);
    await rejectDialog.getByRole('button', { name: 'Reject donation' }).click();
    const reason = rejectDialog.getByLabel('Reason');
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(rejectDialog.getByText('Say why, in a few words.')).toBeVisible();
    await expectAccessible(page, 'reject donation dialog');
    await reason.fill('E2E: the donor asked us to stop it');
    await rejectDialog.getByRole('button', { name: 'Reject donation' }).click();
    await expect(page.getByText('Donation rejected', { exact: true })).toBeVisible();
    await expect(rejectDialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Reject donation #${second.donation.id}` })).toHaveCount(0);

    const rejected = await apiGet<{ donation: DonationBody }>(
      page,
      donor.token,
      `/user/donation/${second.donation.id}`,
    );
    expect(rejected.donation.status).toBe(90);
    expect(rejected.donation.history.at(-1)?.reason).toBe('E2E: the donor asked us to stop it');
    const wallet = await apiGet<WalletBody>(page, donor.token, '/user/wallet');
    expect(wallet.wallet_amount).toBe(walletWhileHeld.wallet_amount + HELD_AMOUNT + 100);
    expect(wallet.held).toBe(walletWhileHeld.held - HELD_AMOUNT - 100 - HELD_AMOUNT);
  });

  test('the supporters wall names donors, hides anonymous ones and shows more', async ({ page }) => {
    const project = await riverProject(page);
    const donor = await fundedDonor(page);
    // Below the threshold: approved at once, on the wall.
    await give(page, donor.token, project.id, { amount: 4_200, message: 'E2E: named and proud' });
    await give(page, donor.token, project.id, {
      amount: 3_100,
      anonymous: true,
      message: 'E2E: quietly given',
    });
    // More supporters than one page of the wall (12).
    const supporters = async () => {
      const answer = await page.request.get(`/api/project/${project.id}/all-donations?limit=100`);
      return ((await answer.json()) as { items: unknown[] }).items.length;
    };
    for (let count = await supporters(); count <= 12; count += 1) {
      await give(page, donor.token, project.id, { amount: 100 });
    }
    const total = await supporters();

    await page.goto(`/projects/${project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: RIVER_CLEAN_UP })).toBeVisible();
    const wall = page.getByRole('region', { name: 'Supporters' });
    const list = wall.getByRole('list', { name: 'Supporters of this project' });
    const anonymous = list.getByRole('listitem').filter({ hasText: 'E2E: quietly given' });
    await expect(anonymous).toContainText('Anonymous');
    await expect(anonymous).toContainText('Gave funds');
    await expect(anonymous).not.toContainText(donor.name);
    await expect(anonymous).not.toContainText(formatMoney(3_100));
    const named = list.getByRole('listitem').filter({ hasText: 'E2E: named and proud' });
    await expect(named).toContainText(donor.name);
    await expect(named).toContainText(`Gave ${formatMoney(4_200)}`);
    await expectAccessible(page, 'project page with the supporters wall');

    // Twelve a page, newest first; "Show more" adds the older ones until all are shown.
    await expect(list.getByRole('listitem')).toHaveCount(12);
    await wall.getByRole('button', { name: 'Show more supporters' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(Math.min(total, 24));
  });
});
