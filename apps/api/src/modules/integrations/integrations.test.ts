import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../lib/periods.js';
import {
  makeCharity,
  makeDonor,
  makeGivingSetUp,
  makeOrganisation,
  makeProject,
  type Person,
} from '../../testing/factories.js';
import { createTestApp, type TestApp, useTestApp } from '../../testing/helpers.js';
import { integrationsRepository } from './integrations.repository.js';
import { seal } from './sealed.js';

/**
 * Webhooks and API tokens (docs/product/webhooks-and-api-tokens.md): signed deliveries of the events
 * an endpoint asked for, in order, retried after a failure or a time-out, the endpoint turned off
 * after 3 days; addresses on private networks refused; tokens limited to their account and scopes.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An endpoint on this machine: `/ok` answers 200, `/down` 500 while `down` is true, `/slow` never. */
const received: Received[] = [];
let down = true;
const receiver = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    received.push({ path: request.url ?? '', headers: request.headers, body });
    if (request.url === '/slow') return;
    if (request.url === '/down' && down) {
      response.writeHead(500).end('Internal trouble');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
  });
});
let base = '';

let clock = new Date('2026-06-01T10:00:00Z');
const t = useTestApp({ webhookAllowPrivate: true, webhookTimeoutMs: 300 }, { now: () => clock });
let admin: Person;
let platform: Person;
let charityId: number;
let projectId: number;
let donor: Person;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ({ platform, admin, charityId, projectId } = await makeGivingSetUp(t, 'Hook Trust', {
    fields: {
      description: 'Hooks.',
      end_date: isoDay(new Date(clock.getTime() + 60 * 86_400_000)),
      volunteering_hours: 100,
    },
  }));
  donor = await makeDonor(t, 1_000_000);
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function addHook(path: string, events: string[] = ['donation.made'], as = admin, charity = charityId) {
  const res = await t.request('POST', `/api/charity/${charity}/webhooks`, {
    token: as.token,
    body: { url: `${base}${path}`, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; enabled: boolean };
}

async function give(amount = 1_000) {
  const res = await t.request('POST', `/api/user/donate/project/${projectId}`, {
    token: donor.token,
    body: { type: 2, amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().donation.id as number;
}

async function deliveries(hookId: number) {
  const res = await t.request('GET', `/api/charity/${charityId}/webhooks/${hookId}/deliveries?limit=100`, {
    token: admin.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Array<{
    id: number;
    type: string;
    status: string;
    attempts: number;
    response_status: number | null;
    error: string | null;
    next_attempt_at: string | null;
    event_id: string;
  }>;
}

const at = (path: string) => received.filter((r) => r.path === path);
/** The scheduled round that wakes endpoints whose retry fell due, then the workers' turn. */
async function retryRound() {
  await t.jobs.find((job) => job.name === 'webhook retries')?.run();
  await t.settle();
}
/** Moves the clock on; the people of these tests sign in again, as they would after their hour. */
async function advance(ms: number) {
  clock = new Date(clock.getTime() + ms);
  await t.signIn(admin);
  await t.signIn(donor);
}

describe('webhook deliveries', () => {
  it('post each event asked for, signed with the secret shown once, and log the answer', async () => {
    const hook = await addHook('/ok', ['donation.made', 'donation.refunded']);
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = (
      await t.request('GET', `/api/charity/${charityId}/webhooks`, { token: admin.token })
    ).json();
    expect(listed.items).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);

    const donationId = await give(2_500);
    await t.settle();
    const [delivery] = at('/ok');
    const body = JSON.parse(delivery?.body ?? '{}');
    expect(body).toMatchObject({
      type: 'donation.made',
      data: { donation_id: donationId, project_id: projectId },
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    const header = String(delivery?.headers['kindred-signature']);
    const [, timestamp, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
    expect(timestamp).toBe(String(Math.floor(clock.getTime() / 1000)));
    expect(v1).toBe(createHmac('sha256', hook.secret).update(`${timestamp}.${delivery?.body}`).digest('hex'));
    expect(delivery?.headers['kindred-event']).toBe('donation.made');

    const [logged] = await deliveries(hook.id);
    expect(logged).toMatchObject({
      type: 'donation.made',
      status: 'delivered',
      attempts: 1,
      response_status: 200,
    });
    const after = (
      await t.request('GET', `/api/charity/${charityId}/webhooks`, { token: admin.token })
    ).json();
    expect(after.items[0].last_delivery).toMatchObject({ status: 'delivered', response_status: 200 });
  });

  it('are retried after a 500, later ones waiting their turn, and arrive in order', async () => {
    down = true;
    const hook = await addHook('/down');
    const first = await give(101);
    await t.settle();
    const [failed] = await deliveries(hook.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    expect(failed?.error).toBe('The endpoint answered 500.');
    expect(failed?.next_attempt_at).toBe(new Date(clock.getTime() + 60_000).toISOString());

    const second = await give(102);
    await t.settle();
    // The second waits behind the first: nothing new reached the endpoint, and it has no time of its own.
    expect(at('/down')).toHaveLength(1);
    expect((await deliveries(hook.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: null,
    });

    down = false;
    await advance(61_000);
    await retryRound();
    const order = at('/down').map((r) => JSON.parse(r.body).data.donation_id);
    expect(order).toEqual([first, first, second]);
    expect((await deliveries(hook.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
  });

  it('are retried after a time-out', async () => {
    const hook = await addHook('/slow');
    await give(103);
    await t.settle();
    const [waiting] = await deliveries(hook.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(waiting?.error).toBe('No answer within 0.3 seconds.');
    await advance(61_000);
    await retryRound();
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'pending', attempts: 2 });
    // Out of the way of the tests below.
    await t.request('DELETE', `/api/charity/${charityId}/webhooks/${hook.id}`, { token: admin.token });
  });

  it('turn an endpoint off after 3 days of failure, mail its admins, and a retry by hand turns it on', async () => {
    down = true;
    const hook = await addHook('/down');
    await give(104);
    await t.settle();
    for (let day = 0; day < 4; day++) {
      await advance(86_400_000);
      await retryRound();
    }
    const listed = (
      await t.request('GET', `/api/charity/${charityId}/webhooks`, { token: admin.token })
    ).json();
    const off = listed.items.find((item: { id: number }) => item.id === hook.id);
    expect(off).toMatchObject({ enabled: false, disabled_reason: 'The endpoint answered 500.' });
    const [ended] = await deliveries(hook.id);
    expect(ended?.status).toBe('failed');
    const mail = (await t.outbox()).find(
      (m) => m.to.includes(admin.email) && m.subject === 'A webhook was turned off',
    );
    expect(mail?.text).toContain(`${base}/down`);

    // Nothing more goes to it while it is off.
    const before = at('/down').length;
    await give(105);
    await t.settle();
    expect(at('/down')).toHaveLength(before);

    down = false;
    const retried = await t.request(
      'POST',
      `/api/charity/${charityId}/webhooks/${hook.id}/deliveries/${ended?.id}/retry`,
      { token: admin.token },
    );
    expect(retried.statusCode, retried.body).toBe(200);
    await t.settle();
    expect((await deliveries(hook.id))[0]?.status).toBe('delivered');
    const on = (await t.request('GET', `/api/charity/${charityId}/webhooks`, { token: admin.token })).json();
    expect(on.items.find((item: { id: number }) => item.id === hook.id).enabled).toBe(true);
  });

  it('go only to the account the event is about, and only for the events asked for', async () => {
    const other = await makeGivingSetUp(t, 'Other Trust');
    const theirs = await addHook('/ok', ['donation.made'], other.admin, other.charityId);
    const payouts = await addHook('/ok', ['payout.paid']);
    const before = at('/ok').length;
    await give(106);
    await t.settle();
    const bodies = at('/ok')
      .slice(before)
      .map((r) => JSON.parse(r.body));
    expect(bodies.every((b) => b.data.project_id === projectId)).toBe(true);
    const theirLog = await t.request(
      'GET',
      `/api/charity/${other.charityId}/webhooks/${theirs.id}/deliveries`,
      {
        token: other.admin.token,
      },
    );
    expect(theirLog.json().items).toEqual([]);
    expect(await deliveries(payouts.id)).toEqual([]);
  });

  it('are managed by the account’s admins only; events must be for the kind of account', async () => {
    const stranger = await t.createUser();
    const refused = await t.request('POST', `/api/charity/${charityId}/webhooks`, {
      token: stranger.token,
      body: { url: `${base}/ok`, events: ['donation.made'] },
    });
    expect(refused.statusCode).toBe(403);
    const wrongEvent = await t.request('POST', `/api/charity/${charityId}/webhooks`, {
      token: admin.token,
      body: { url: `${base}/ok`, events: ['organisation.member_joined'] },
    });
    expect(wrongEvent.statusCode).toBe(400);
    expect(wrongEvent.json().error.details.fields.events).toBe(
      'organisation.member_joined is not sent to charities.',
    );
    const organisation = await makeOrganisation(t, await t.signIn(platform));
    const business = await t.request('POST', `/api/business/${organisation.id}/webhooks`, {
      token: organisation.owner.token,
      body: { url: `${base}/ok`, events: ['organisation.member_joined', 'donation.made'] },
    });
    expect(business.statusCode, business.body).toBe(201);
  });
});

describe('webhook addresses', () => {
  let strict: TestApp;
  let owner: Person;
  let strictCharity: number;
  beforeAll(async () => {
    strict = await createTestApp({ webhookTimeoutMs: 300 });
    const set = await makeGivingSetUp(strict, 'Strict Trust');
    owner = set.admin;
    strictCharity = set.charityId;
  });
  afterAll(() => strict.close());

  it.each([
    ['https://127.0.0.1/hook', 'This address is on a private network: use one the internet can reach.'],
    ['https://10.1.2.3/hook', 'This address is on a private network: use one the internet can reach.'],
    ['https://[::1]/hook', 'This address is on a private network: use one the internet can reach.'],
    [
      'https://169.254.169.254/latest',
      'This address is on a private network: use one the internet can reach.',
    ],
    ['https://localhost/hook', 'This address is on a private network: use one the internet can reach.'],
    ['http://hooks.example.org/x', 'Use an https:// address: deliveries are sent only over https.'],
    ['https://user:pw@hooks.example.org/x', 'Leave the user name and password out of the address.'],
  ])('refuses %s', async (url, message) => {
    const res = await strict.request('POST', `/api/charity/${strictCharity}/webhooks`, {
      token: owner.token,
      body: { url, events: ['donation.made'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields.url).toBe(message);
  });

  it('checks again at delivery: a name that now resolves to a private address is not posted to', async () => {
    // As if the name had resolved to the internet when it was added (DNS rebinding).
    const endpoint = await integrationsRepository.insertEndpoint(strict.ctx.database.db, {
      accountType: 'charity',
      accountId: strictCharity,
      url: `https://localhost:${(receiver.address() as AddressInfo).port}/ok`,
      events: ['donation.made'],
      secret: seal(strict.ctx.config.jwtSecret, 'whsec_test'),
      createdAt: strict.ctx.now(),
    });
    const giver = await makeDonor(strict, 10_000);
    const project = await makeProject(strict, owner, { charityId: strictCharity });
    await strict.request('POST', `/api/user/donate/project/${project}`, {
      token: giver.token,
      body: { type: 2, amount: 1_000 },
    });
    const before = received.length;
    await strict.settle();
    expect(received).toHaveLength(before);
    const log = await strict.request(
      'GET',
      `/api/charity/${strictCharity}/webhooks/${endpoint.id}/deliveries`,
      { token: owner.token },
    );
    expect(log.json().items[0]).toMatchObject({ status: 'pending', response_status: null });
    expect(log.json().items[0].error).toBe('localhost resolves to a private address: not delivered.');
  });
});

describe('API tokens', () => {
  async function makeToken(scopes: string[], expires = isoDay(new Date(clock.getTime() + 30 * 86_400_000))) {
    const res = await t.request('POST', `/api/charity/${charityId}/api_tokens`, {
      token: admin.token,
      body: { name: 'Our CRM', scopes, expires_at: expires },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; token: string; prefix: string };
  }
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    t.request(method, url, { token, ...(body === undefined ? {} : { body }) });

  it('read their own account within their scopes, shown once and kept hashed, with their last use', async () => {
    const made = await makeToken(['donations:read']);
    expect(made.token).toMatch(/^kt_/);
    expect(made.token.startsWith(made.prefix)).toBe(true);
    const list = (
      await t.request('GET', `/api/charity/${charityId}/api_tokens`, { token: admin.token })
    ).json();
    expect(list.items[0]).toMatchObject({ id: made.id, last_used_at: null });
    expect(JSON.stringify(list)).not.toContain(made.token);

    const read = await call(made.token, 'GET', `/api/charity/${charityId}/projects_donations`);
    expect(read.statusCode, read.body).toBe(200);
    const used = (
      await t.request('GET', `/api/charity/${charityId}/api_tokens`, { token: admin.token })
    ).json();
    expect(used.items[0].last_used_at).toBe(clock.toISOString());

    // Another charity's, even one its maker runs too: refused.
    const other = await makeCharity(t, { name: 'Second Trust', admin, platform: await t.signIn(platform) });
    expect(
      (await t.request('GET', `/api/charity/${other.id}/projects_donations`, { token: admin.token }))
        .statusCode,
    ).toBe(200);
    expect((await call(made.token, 'GET', `/api/charity/${other.id}/projects_donations`)).statusCode).toBe(
      403,
    );
    // A scope it does not hold, and a call no token may make.
    const payouts = await call(made.token, 'GET', `/api/charity/${charityId}/payouts`);
    expect(payouts.statusCode).toBe(403);
    expect(payouts.json().error.code).toBe('TOKEN_SCOPE');
    const wallet = await call(made.token, 'GET', '/api/user/wallet');
    expect(wallet.statusCode).toBe(403);
    expect(wallet.json().error.code).toBe('TOKEN_NOT_ALLOWED');
  });

  it('write projects of their charity only', async () => {
    const made = await makeToken(['projects:write']);
    const ours = await call(made.token, 'POST', '/api/project/create', {
      title: 'By our CRM',
      charity_id: charityId,
    });
    expect(ours.statusCode, ours.body).toBe(201);
    const own = await call(made.token, 'POST', '/api/project/create', { title: 'Mine' });
    expect(own.statusCode).toBe(403);
  });

  it('stop working when revoked or expired', async () => {
    const revoked = await makeToken(['donations:read']);
    const left = await t.request('DELETE', `/api/charity/${charityId}/api_tokens/${revoked.id}`, {
      token: admin.token,
    });
    expect(left.json().items.some((item: { id: number }) => item.id === revoked.id)).toBe(false);
    expect(
      (await call(revoked.token, 'GET', `/api/charity/${charityId}/projects_donations`)).statusCode,
    ).toBe(401);

    const soon = await makeToken(['donations:read'], isoDay(new Date(clock.getTime() + 86_400_000)));
    expect((await call(soon.token, 'GET', `/api/charity/${charityId}/projects_donations`)).statusCode).toBe(
      200,
    );
    await advance(3 * 86_400_000);
    expect((await call(soon.token, 'GET', `/api/charity/${charityId}/projects_donations`)).statusCode).toBe(
      401,
    );
  });

  it('are refused bad scopes and dates, and to strangers', async () => {
    const bad = await t.request('POST', `/api/charity/${charityId}/api_tokens`, {
      token: admin.token,
      body: { name: 'x', scopes: ['everything'], expires_at: '2020-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    const past = await t.request('POST', `/api/charity/${charityId}/api_tokens`, {
      token: admin.token,
      body: {
        name: 'x',
        scopes: ['donations:read'],
        expires_at: isoDay(new Date(clock.getTime() - 86_400_000)),
      },
    });
    expect(past.json().error.details.fields.expires_at).toBe('Choose a day that has not passed.');
    const stranger = await t.createUser();
    expect(
      (await t.request('GET', `/api/charity/${charityId}/api_tokens`, { token: stranger.token })).statusCode,
    ).toBe(403);
  });
});
