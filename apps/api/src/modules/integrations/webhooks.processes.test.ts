import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ApiProcess, freePort, startApiProcess } from '../../testing/api-process.js';
import { makeDonor, makeGivingSetUp } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';

/**
 * Two API processes share the database and both run workers: every event reaches the endpoint
 * once, in the order of the events (docs/product/webhooks-and-api-tokens.md#deliveries). This test's
 * own app runs no worker; it only makes the gifts.
 */
const SECRET = 'webhook-processes-secret-webhook-processes-secret';
const GIFTS = 20;
const t = useTestApp({ webhookAllowPrivate: true, jwtSecret: new TextEncoder().encode(SECRET) });
const received: Array<{ event: string; donation: number }> = [];
const receiver = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const parsed = JSON.parse(body) as { id: string; data: { donation_id: number } };
    received.push({ event: parsed.id, donation: parsed.data.donation_id });
    // A slow answer, so that the two processes would overlap if both delivered.
    setTimeout(() => response.writeHead(200).end('ok'), 50);
  });
});
const servers: ApiProcess[] = [];
let dataDir = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-webhooks-'));
  for (let i = 0; i < 2; i++) {
    servers.push(
      startApiProcess({
        port: await freePort(),
        databaseUrl: t.ctx.database.url,
        dataDir: path.join(dataDir, String(i)),
        secret: SECRET,
        env: { WEBHOOK_ALLOW_PRIVATE: 'true', MAIL_DELIVERY: 'false' },
      }),
    );
  }
  await Promise.all(servers.map((server) => server.healthy(60_000)));
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('delivers each event once, in order, with two API processes handling', { timeout: 90_000 }, async () => {
  const { admin, charityId, projectId } = await makeGivingSetUp(t, 'Two Process Trust');
  const hook = await t.request('POST', `/api/charity/${charityId}/webhooks`, {
    token: admin.token,
    body: {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      events: ['donation.made'],
    },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const donor = await makeDonor(t, 1_000_000);
  const given: number[] = [];
  for (let i = 0; i < GIFTS; i++) {
    const res = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 100 + i },
    });
    expect(res.statusCode, res.body).toBe(201);
    given.push(res.json().donation.id);
  }
  await expect
    .poll(() => new Set(received.map((r) => r.event)).size, { timeout: 60_000, interval: 200 })
    .toBe(GIFTS);
  // Time for a second delivery of any of them to arrive, if one were made.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(received).toHaveLength(GIFTS);
  expect(received.map((r) => r.donation)).toEqual(given);
  expect(servers.map((server) => server.errors()).join('')).not.toMatch(/error/i);
});
