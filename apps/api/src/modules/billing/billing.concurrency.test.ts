import { ADMIN_TYPE } from '@kindred/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/helpers.js';
import { createBusiness, creditBusinessWallet } from '../../testing/money.js';

/**
 * The billing rules under contention: two API processes on one database run the period job at once and take
 * the same discount code at once.
 */
let clock = new Date('2031-01-31T09:00:00Z');
let t: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
type Person = Awaited<ReturnType<TestApp['createUser']>>;
let platformAdmin: Person;

type App = { jobs: Array<{ name: string; run(): Promise<unknown> }> };
const runJob = async (app: App) => {
  const job = app.jobs.find((j) => j.name === 'subscription invoices');
  if (!job) throw new Error('no subscription invoices job');
  return job.run();
};

/** Moves the clock; the platform admin signs in again (tokens last an hour). */
async function at(iso: string) {
  clock = new Date(iso);
  await t.signIn(platformAdmin);
}

/** A subscription plan made by the platform admin. */
async function createPlan(body: Record<string, unknown>) {
  return adminCreates('subscription_plans', body);
}

/** A discount code made by the platform admin. */
async function createDiscountCode(body: Record<string, unknown>) {
  return adminCreates('discount_codes', body);
}

async function adminCreates(kind: 'subscription_plans' | 'discount_codes', body: Record<string, unknown>) {
  const res = await t.request('POST', `/api/admin/${kind}`, { token: platformAdmin.token, body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: number };
}

/** Every organisation subscribes with the code at once, alternately through each process. */
const subscribeAtOnce = (
  orgs: Array<{ id: number; owner: { token: string } }>,
  planId: number,
  code: string,
) =>
  Promise.all(
    orgs.map((org, i) =>
      call(
        i % 2 === 0 ? 'first' : 'second',
        'POST',
        `/api/business/${org.id}/subscription`,
        org.owner.token,
        {
          plan_id: planId,
          discount_code: code,
        },
      ),
    ),
  );

/** How many times the discount code has been used, as the platform admin's list says. */
async function usesOf(codeId: number) {
  const codes = (
    await t.request('GET', '/api/admin/discount_codes?limit=100', { token: platformAdmin.token })
  ).json().items as Array<{ id: number; uses: number }>;
  return codes.find((c) => c.id === codeId)?.uses;
}

/** A request to either process. */
function call(app: 'first' | 'second', method: 'GET' | 'POST', url: string, token: string, body?: unknown) {
  if (app === 'first') return t.request(method, url, { token, body });
  return second.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

async function organisation(funds: number) {
  const owner = await t.createUser();
  const id = await createBusiness(t, owner.id, { name: `Busy ${owner.id}` });
  await creditBusinessWallet(t, id, funds);
  return { id, owner };
}

describe('billing with two API processes on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
    platformAdmin = await t.createUser({ isIicAdmin: true, adminType: ADMIN_TYPE.admin });
    const url = (t.ctx.database as { url?: string }).url as string;
    second = await buildApp({
      config: t.ctx.config,
      database: await openDatabase({ databaseUrl: url, poolSize: 5 }),
      logger: false,
      scheduler: false,
      now: () => clock,
    });
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.ctx.database.close();
    await t?.close();
  });

  it('gives each period exactly one invoice, paid once, however many jobs run at once', async () => {
    const plan = await createPlan({ name: 'Monthly', fee: 1_000, fee_type: 1 });
    const orgs = await Promise.all(Array.from({ length: 8 }, () => organisation(100_000)));
    for (const org of orgs) {
      const res = await t.request('POST', `/api/business/${org.id}/subscription`, {
        token: org.owner.token,
        body: { plan_id: plan.id },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Three month ends (31 Jan -> 28 Feb -> 31 Mar -> 30 Apr), each with four jobs at once.
    for (const day of ['2031-02-28T09:00:00Z', '2031-03-31T09:00:00Z', '2031-04-30T09:00:00Z']) {
      clock = new Date(day);
      await Promise.all([runJob(t), runJob(second), runJob(t), runJob(second)]);
    }
    clock = new Date('2031-04-30T10:00:00Z');
    for (const org of orgs) {
      await t.signIn(org.owner);
      const invoices = (
        await t.request('GET', `/api/business/${org.id}/invoices?limit=100`, { token: org.owner.token })
      ).json().items as Array<{ number: string; period_start: string; status: string }>;
      expect(invoices.map((i) => i.period_start)).toEqual([
        '2031-04-30',
        '2031-03-31',
        '2031-02-28',
        '2031-01-31',
      ]);
      expect(invoices.every((i) => i.status === 'paid')).toBe(true);
      expect(new Set(invoices.map((i) => i.number)).size).toBe(4);
      const { wallet } = await t.ctx.ledger.balances(t.ctx.database.db, {
        ownerType: 'business',
        ownerId: org.id,
      });
      expect(wallet).toBe(100_000 - 4 * 1_000);
    }
    await t.signIn(platformAdmin);
  });

  it('never lets a discount code pass its maximum of uses, nor one organisation subscribe twice', async () => {
    await at('2031-05-01T09:00:00Z');
    const plan = await createPlan({ name: 'Yearly', fee: 10_000, fee_type: 2 });
    const code = await createDiscountCode({ code: 'RUSH3', kind: 'percentage', value: 50, max_uses: 3 });
    const orgs = await Promise.all(Array.from({ length: 12 }, () => organisation(100_000)));
    const results = await subscribeAtOnce(orgs, plan.id, 'RUSH3');
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual(
      Array(9).fill('DISCOUNT_CODE_USED_UP'),
    );
    expect(await usesOf(code.id)).toBe(3);

    // The same organisation subscribing from both processes at once: one subscription, one payment.
    const org = orgs[11] ?? orgs[0];
    if (!org) throw new Error('no organisation');
    const twice = await Promise.all(
      (['first', 'second', 'first', 'second'] as const).map((app) =>
        call(app, 'POST', `/api/business/${org.id}/subscription`, org.owner.token, { plan_id: plan.id }),
      ),
    );
    const before = results[11]?.statusCode === 201 ? 1 : 0;
    expect(twice.filter((r) => r.statusCode === 201)).toHaveLength(1 - before);
    const { wallet } = await t.ctx.ledger.balances(t.ctx.database.db, {
      ownerType: 'business',
      ownerId: org.id,
    });
    expect(wallet).toBe(before ? 95_000 : 90_000);
  });

  it('refuses an expired code to every concurrent caller and counts no use', async () => {
    await at('2031-06-01T09:00:00Z');
    const plan = await createPlan({ name: 'Short', fee: 2_000, fee_type: 1 });
    const code = await createDiscountCode({
      code: 'MIDNIGHT',
      kind: 'fixed',
      value: 500,
      expires_at: '2031-06-01T09:30:00Z',
      max_uses: 100,
    });
    const orgs = await Promise.all(Array.from({ length: 6 }, () => organisation(10_000)));
    clock = new Date('2031-06-01T09:30:00Z');
    const results = await subscribeAtOnce(orgs, plan.id, 'midnight');
    expect(results.map((r) => r.json().error?.code)).toEqual(Array(6).fill('DISCOUNT_CODE_EXPIRED'));
    expect(await usesOf(code.id)).toBe(0);
  });
});
