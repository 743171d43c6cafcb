import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiGet,
  apiLogin,
  apiPost,
  closeToasts,
  DEMO,
  expectAccessible,
  journeySetUp,
  openSection,
  settle,
  signInAs,
  toast,
} from './support/app';
import { expect, type Page, test } from './support/test';

/**
 * Integrations, end to end (docs/product/webhooks-and-api-tokens.md): River Trust's admin adds a
 * webhook to a receiver this test runs on 127.0.0.1 and sees its signing secret once; a donor's gift
 * to one of River Trust's projects is delivered to it, signed with that secret, and shows in the
 * delivery log as delivered with the answer 200. Then the admin makes an API token reading
 * donations, which works on the charity's donations until it is revoked.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that keeps what it is sent and answers 200 "ok". */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/kindred`, received, server };
}

/** Whether a `Kindred-Signature` header signs `body` with `secret` (docs/product/webhooks-and-api-tokens.md#signatures). */
function signedWith(header: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The value a "shown once" dialog shows, after checking it says so and copying it. */
async function copyShownOnce(page: Page, dialogName: string, what: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toContainText('it will not be shown again');
  const value = ((await dialog.getByTestId('shown-once').textContent()) ?? '').trim();
  await dialog.getByRole('button', { name: `Copy the ${what}` }).click();
  await expect(dialog.getByRole('status')).toHaveText(`The ${what} is copied.`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  return value;
}

/** GET /api`path` with a bearer token: its status. */
async function statusWith(page: Page, token: string, path: string): Promise<number> {
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return response.status();
}

journeySetUp(180_000);

test('a charity hears of a gift through its webhook, signed, and reads its donations with an API token until it is revoked', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receiver = await startReceiver();
  try {
    const charity = await apiLogin(page.request, DEMO.charity);
    const charityId = (charity.charity_membership[0] as { charity_id: number }).charity_id;

    let secret = '';
    await test.step('the charity admin adds a webhook: its fields are checked, then its secret is shown once', async () => {
      await signInAs(page, DEMO.charity, '/charity');
      await openSection(page, 'Charity', 'Integrations');
      await expect(page).toHaveURL(/\/charity\/integrations$/);
      const webhooks = page.getByRole('region', { name: 'Webhooks' });
      await expect(webhooks.getByRole('button', { name: 'Add webhook' })).toBeVisible();
      await settle(page);
      await expectAccessible(page, 'the integrations screen');

      await webhooks.getByRole('button', { name: 'Add webhook' }).click();
      const form = webhooks.getByRole('form', { name: 'Add a webhook' });
      await form.getByRole('button', { name: 'Add webhook' }).click();
      await expect(form.getByText('Enter the address of your endpoint.')).toBeVisible();
      await expect(form.getByText('Choose at least one event.')).toBeVisible();
      await expectAccessible(page, 'the add webhook form with its errors');

      await form.getByLabel('Address').fill(receiver.url);
      await form.getByRole('checkbox', { name: /A gift was made/ }).check();
      await form.getByRole('button', { name: 'Add webhook' }).click();
      secret = await copyShownOnce(page, 'The webhook’s signing secret', 'secret');
      expect(secret).toMatch(/^whsec_/);
      const dialog = page.getByRole('dialog', { name: 'The webhook’s signing secret' });
      await expect(dialog).toContainText('Kindred-Signature: t=…,v1=…');
      await expectAccessible(page, 'the signing secret shown once');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(secret)).toHaveCount(0);
      const item = webhooks.getByRole('listitem').filter({ hasText: receiver.url });
      await expect(item).toContainText('Enabled');
      await expect(item).toContainText('donation.made');
    });

    let donationId = 0;
    await test.step('a donor gives to one of River Trust’s projects', async () => {
      const live = await apiGet<{ items: Array<{ id: number; giving_kinds: number[] }> }>(
        page,
        charity.token,
        `/charity/projects/${charityId}/2?limit=100`,
      );
      const project = live.items.find((item) => item.giving_kinds.includes(2));
      expect(project, 'a Live project of River Trust taking money').toBeDefined();
      const donor = await apiLogin(page.request, DEMO.donor);
      const given = await apiPost<{ donation: { id: number } }>(
        page,
        donor.token,
        `/user/donate/project/${project?.id}`,
        { type: 2, amount: 1_000, source: 'wallet', message: 'E2E: heard through a webhook' },
      );
      donationId = given.donation.id;
    });

    await test.step('the delivery reaches the receiver, signed with the secret shown', async () => {
      await expect
        .poll(() => receiver.received.length, { message: 'a delivery to the receiver' })
        .toBeGreaterThan(0);
      const [delivery] = receiver.received;
      const body = JSON.parse(delivery?.body ?? '{}') as {
        id: string;
        type: string;
        data: { donation_id: number };
      };
      expect(body.type).toBe('donation.made');
      expect(body.data.donation_id).toBe(donationId);
      expect(delivery?.headers['kindred-event']).toBe('donation.made');
      expect(signedWith(String(delivery?.headers['kindred-signature']), delivery?.body ?? '', secret)).toBe(
        true,
      );
      expect(
        signedWith(String(delivery?.headers['kindred-signature']), delivery?.body ?? '', 'whsec_other'),
      ).toBe(false);
    });

    await test.step('the admin sees it delivered with the answer 200 in the webhook’s log', async () => {
      await page
        .getByRole('region', { name: 'Webhooks' })
        .getByRole('link', { name: `Delivery log of ${receiver.url}` })
        .click();
      const log = page.getByRole('region', { name: 'Delivery log' });
      await expect(log).toContainText(receiver.url);
      const row = log.getByRole('row').filter({ hasText: 'donation.made' });
      // Deliveries go a moment after the gift: read the log again until it shows.
      await expect(async () => {
        await log.getByRole('button', { name: 'Refresh' }).click();
        await expect(row.first()).toContainText('Delivered', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(row.first()).toContainText('200');
      await expect(row.first()).toContainText('ok');
      await settle(page);
      await expectAccessible(page, 'the delivery log');

      await row
        .first()
        .getByRole('button', { name: /^Retry delivery \d+ \(donation\.made/ })
        .click();
      await expect(toast(page, 'Sent again')).toBeVisible();
      await expect.poll(() => receiver.received.length).toBeGreaterThan(1);
      await closeToasts(page);
      await page.getByRole('link', { name: /All webhooks and API tokens/ }).click();
      const item = page
        .getByRole('region', { name: 'Webhooks' })
        .getByRole('listitem')
        .filter({ hasText: receiver.url });
      await expect(item).toContainText(/Last delivery:\s*Delivered/);
      await expect(item).toContainText('answer 200');
    });

    let token = '';
    const name = `E2E CRM ${Date.now()}`;
    await test.step('the admin makes an API token reading donations and copies it', async () => {
      const tokens = page.getByRole('region', { name: 'API tokens' });
      await tokens.getByRole('button', { name: 'New token' }).click();
      const form = tokens.getByRole('form', { name: 'New API token' });
      await form.getByLabel('Name').fill(name);
      await form.getByRole('checkbox', { name: /Read donations/ }).check();
      await form.getByRole('button', { name: 'Make token' }).click();
      token = await copyShownOnce(page, 'Your new API token', 'token');
      expect(token).toMatch(/^kt_/);
      await expectAccessible(page, 'the API token shown once');
      await page
        .getByRole('dialog', { name: 'Your new API token' })
        .getByRole('button', { name: 'Done' })
        .click();
      const row = tokens.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText('donations:read');
      await expect(row).toContainText('Never used');
      await expectAccessible(page, 'the API tokens');
    });

    await test.step('the token reads the charity’s donations, and is refused once revoked', async () => {
      expect(await statusWith(page, token, `/charity/${charityId}/projects_donations`)).toBe(200);
      await page.reload();
      const tokens = page.getByRole('region', { name: 'API tokens' });
      const row = tokens.getByRole('row').filter({ hasText: name });
      await expect(row).not.toContainText('Never used');

      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Revoke ${name}?` });
      await expect(dialog).toContainText('It stops working at once');
      await expectAccessible(page, 'revoking a token');
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await expect(toast(page, 'Token revoked')).toBeVisible();
      await expect(tokens.getByRole('row').filter({ hasText: name })).toHaveCount(0);
      expect(await statusWith(page, token, `/charity/${charityId}/projects_donations`)).toBe(401);
    });
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
