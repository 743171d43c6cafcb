import { ADMIN_TYPE } from '@kindred/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessMemberships } from '../../db/schema.js';
import type { Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { createBusiness, creditBusinessWallet, DECLINED_CARD, GOOD_CARD } from '../../testing/money.js';
import { applyForOrganisation } from '../../testing/organisations.js';

/** Organisation subscriptions, plans, discount codes and invoices (decision 025), on the real API. */
let clock = new Date('2030-01-15T09:00:00Z');
const t = useTestApp({}, { now: () => clock });
let platformAdmin: Person;
let platformEmployee: Person;

beforeAll(async () => {
  platformAdmin = await t.createUser({ isIicAdmin: true, adminType: ADMIN_TYPE.admin });
  platformEmployee = await t.createUser({ isIicAdmin: true, adminType: ADMIN_TYPE.employee });
});

/** Moves the clock; the platform admins sign in again (tokens last an hour). */
async function at(iso: string) {
  clock = new Date(iso);
  await t.signIn(platformAdmin);
  await t.signIn(platformEmployee);
}

async function walletOf(businessId: number) {
  return (await t.ctx.ledger.balances(t.ctx.database.db, { ownerType: 'business', ownerId: businessId }))
    .wallet;
}

/** A funded organisation with its Super Admin, an Admin and an Employee. */
async function organisation(funds = 100_000) {
  const owner = await t.createUser();
  const admin = await t.createUser();
  const employee = await t.createUser();
  const id = await createBusiness(t, owner.id, { name: `Acme ${owner.id}` });
  await t.ctx.database.db.insert(businessMemberships).values([
    { createdAt: t.ctx.now(), businessId: id, userId: admin.id, adminType: ADMIN_TYPE.admin },
    { createdAt: t.ctx.now(), businessId: id, userId: employee.id, adminType: ADMIN_TYPE.employee },
  ]);
  if (funds > 0) await creditBusinessWallet(t, id, funds);
  return { id, owner, admin, employee };
}

async function plan(body: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/api/admin/subscription_plans', {
    token: platformAdmin.token,
    body: { name: 'Team', description: 'For teams', fee: 10_000, fee_type: 1, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; fee: number };
}

/** A discount code as the platform admin asks for it (answers the call, which may refuse it). */
const postCode = (body: Record<string, unknown>) =>
  t.request('POST', '/api/admin/discount_codes', { token: platformAdmin.token, body });

let codeCounter = 0;
async function code(body: Record<string, unknown> = {}) {
  codeCounter += 1;
  const res = await postCode({ code: `save${codeCounter}x`, kind: 'percentage', value: 20, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; code: string };
}

describe('plans and discount codes (platform admins)', () => {
  it('keeps plans with a monthly or annual fee', async () => {
    const monthly = await plan({ name: 'Starter', fee: 5_000, fee_type: 1 });
    const annual = await plan({ name: 'Enterprise', fee: 500_000, fee_type: 2 });
    const list = await t.request('GET', '/api/admin/subscription_plans', { token: platformEmployee.token });
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([monthly.id, annual.id]));

    const hidden = await t.request('PATCH', `/api/admin/subscription_plans/${annual.id}`, {
      token: platformAdmin.token,
      body: { active: false, fee: 450_000 },
    });
    expect(hidden.json()).toMatchObject({ active: false, fee: 450_000, fee_type: 2 });
  });

  it('refuses bad plans and codes with the fields named, and unknown ones with 404', async () => {
    const bad = await t.request('POST', '/api/admin/subscription_plans', {
      token: platformAdmin.token,
      body: { name: '', fee: -1, fee_type: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.details.fields)).toEqual(
      expect.arrayContaining(['name', 'fee', 'fee_type']),
    );
    const badCode = await postCode({
      code: 'no spaces',
      kind: 'percentage',
      value: 150,
      expires_at: 'tomorrow',
    });
    expect(badCode.statusCode).toBe(400);
    expect(Object.keys(badCode.json().error.details.fields)).toEqual(
      expect.arrayContaining(['code', 'expires_at']),
    );
    const over = await postCode({ code: 'TOOMUCH', kind: 'percentage', value: 150 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.details.fields.value).toBeDefined();
    const missing = await t.request('PATCH', '/api/admin/subscription_plans/999999', {
      token: platformAdmin.token,
      body: { active: false },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps codes unique in capitals and never lowers the maximum under the uses', async () => {
    const first = await code({ code: 'spring-25', kind: 'fixed', value: 2_500, max_uses: 5 });
    expect(first.code).toBe('SPRING-25');
    const again = await postCode({ code: 'Spring-25', kind: 'fixed', value: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DISCOUNT_CODE_EXISTS');
    const list = await t.request('GET', '/api/admin/discount_codes?limit=100', {
      token: platformEmployee.token,
    });
    expect(list.json().items.map((c: { code: string }) => c.code)).toContain('SPRING-25');
    const changed = await t.request('PATCH', `/api/admin/discount_codes/${first.id}`, {
      token: platformAdmin.token,
      body: { max_uses: 10, expires_at: '2030-12-31T23:59:59Z' },
    });
    expect(changed.json()).toMatchObject({ max_uses: 10, expires_at: '2030-12-31T23:59:59.000Z' });
  });

  it('are kept by platform admins only', async () => {
    const org = await organisation(0);
    const body = { name: 'Sneaky', fee: 1, fee_type: 1 };
    for (const person of [org.owner, platformEmployee]) {
      const res = await t.request('POST', '/api/admin/subscription_plans', { token: person.token, body });
      expect(res.statusCode).toBe(403);
      const codeRes = await t.request('POST', '/api/admin/discount_codes', {
        token: person.token,
        body: { code: 'FREE', kind: 'percentage', value: 100 },
      });
      expect(codeRes.statusCode).toBe(403);
    }
    const read = await t.request('GET', '/api/admin/discount_codes', { token: org.owner.token });
    expect(read.statusCode).toBe(403);
  });
});

describe('an organisation subscribes', () => {
  it('previews a plan with a code without using it', async () => {
    const org = await organisation();
    const p = await plan({ fee: 10_000 });
    const c = await code({ value: 25, max_uses: 1 });
    const res = await t.request('POST', `/api/business/${org.id}/subscription/preview`, {
      token: org.admin.token,
      body: { plan_id: p.id, discount_code: c.code.toLowerCase() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subtotal: 10_000,
      discount: 2_500,
      total: 7_500,
      discount_code: c.code,
      period_start: '2030-01-15',
      period_end: '2030-02-14',
    });
    const again = await t.request('POST', `/api/business/${org.id}/subscription/preview`, {
      token: org.admin.token,
      body: { plan_id: p.id, discount_code: c.code },
    });
    expect(again.statusCode).toBe(200);
  });

  it('pays the first period from the wallet, with one numbered invoice and a PDF', async () => {
    const org = await organisation(50_000);
    const p = await plan({ name: 'Growth', fee: 12_000, fee_type: 1 });
    const c = await code({ kind: 'fixed', value: 2_000 });
    const res = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: p.id, discount_code: c.code },
      headers: { 'idempotency-key': `sub-${org.id}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { subscription, invoice } = res.json();
    expect(subscription).toMatchObject({
      status: 'active',
      payment_method: 'wallet',
      discount: { code: c.code, kind: 'fixed', value: 2_000 },
      period_total: 10_000,
      current_period_start: '2030-01-15',
      current_period_end: '2030-02-14',
      next_invoice_on: '2030-02-15',
    });
    expect(invoice).toMatchObject({ status: 'paid', subtotal: 12_000, discount: 2_000, total: 10_000 });
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(await walletOf(org.id)).toBe(40_000);

    // A retry with the same key answers the same and moves nothing.
    const retry = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: p.id, discount_code: c.code },
      headers: { 'idempotency-key': `sub-${org.id}` },
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().invoice.id).toBe(invoice.id);
    expect(await walletOf(org.id)).toBe(40_000);

    const current = await t.request('POST', `/api/business/${org.id}/subscription/current`, {
      token: org.admin.token,
    });
    expect(current.json().subscription.id).toBe(subscription.id);
    const get = await t.request('GET', `/api/business/${org.id}/subscription`, { token: org.admin.token });
    expect(get.json().subscription.plan.name).toBe('Growth');

    const list = await t.request('GET', `/api/business/${org.id}/invoices`, { token: org.admin.token });
    expect(list.json().items).toHaveLength(1);
    const pdf = await t.request('GET', `/api/business/${org.id}/invoices/${invoice.id}/pdf`, {
      token: org.admin.token,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain(invoice.number);

    // A second subscription while one is active is refused.
    const second = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: p.id },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('SUBSCRIPTION_ACTIVE');
  });

  it('refuses when the wallet is short and keeps nothing, not even the code’s use', async () => {
    const org = await organisation(1_000);
    const p = await plan({ fee: 10_000 });
    const c = await code({ value: 10, max_uses: 1 });
    const res = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: p.id, discount_code: c.code },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(
      (await t.request('GET', `/api/business/${org.id}/subscription`, { token: org.owner.token })).json(),
    ).toEqual({
      subscription: null,
    });
    const codes = await t.request('GET', '/api/admin/discount_codes?limit=100', {
      token: platformAdmin.token,
    });
    expect(codes.json().items.find((x: { id: number }) => x.id === c.id).uses).toBe(0);
    expect(await walletOf(org.id)).toBe(1_000);
  });

  it('respects a code’s expiry and maximum of uses', async () => {
    const p = await plan({ fee: 1_000 });
    const once = await code({ max_uses: 1 });
    const expired = await code({ expires_at: '2030-01-01T00:00:00Z' });
    const first = await organisation();
    const second = await organisation();
    const ok = await t.request('POST', `/api/business/${first.id}/subscription`, {
      token: first.owner.token,
      body: { plan_id: p.id, discount_code: once.code },
    });
    expect(ok.statusCode).toBe(201);
    for (const [codeText, expected] of [
      [once.code, 'DISCOUNT_CODE_USED_UP'],
      [expired.code, 'DISCOUNT_CODE_EXPIRED'],
      ['NOSUCHCODE', 'DISCOUNT_CODE_UNKNOWN'],
    ] as const) {
      for (const url of [
        `/api/business/${second.id}/subscription/preview`,
        `/api/business/${second.id}/subscription`,
      ]) {
        const res = await t.request('POST', url, {
          token: second.owner.token,
          body: { plan_id: p.id, discount_code: codeText },
        });
        expect(res.json().error.code, `${url} ${codeText}`).toBe(expected);
        expect(res.json().error.details.fields.discount_code).toBeDefined();
      }
    }
  });

  it('applies a discount code to the active subscription once', async () => {
    const org = await organisation();
    const p = await plan({ fee: 10_000 });
    const none = await t.request('POST', `/api/business/${org.id}/subscription/discount`, {
      token: org.owner.token,
      body: { discount_code: 'WHATEVER' },
    });
    expect(none.json().error.code).toBe('NO_SUBSCRIPTION');
    await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: p.id },
    });
    const c = await code({ value: 50 });
    const res = await t.request('POST', `/api/business/${org.id}/subscription/discount`, {
      token: org.admin.token,
      body: { discount_code: c.code },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ period_total: 5_000, discount: { code: c.code } });
    const twice = await t.request('POST', `/api/business/${org.id}/subscription/discount`, {
      token: org.admin.token,
      body: { discount_code: c.code },
    });
    expect(twice.json().error.code).toBe('DISCOUNT_ALREADY_APPLIED');
    const bad = await t.request('POST', `/api/business/${org.id}/subscription/discount`, {
      token: org.admin.token,
      body: { discount_code: '' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('subscribes with a direct debit (type 3): the card pays the first period', async () => {
    const org = await organisation(0);
    const p = await plan({ fee: 8_000, fee_type: 2 });
    const declined = await t.request('POST', `/api/business/${org.id}/subscription_with_direct_debit`, {
      token: org.owner.token,
      body: { plan_id: p.id, card: DECLINED_CARD },
    });
    expect(declined.statusCode).toBe(402);
    expect(
      (await t.request('GET', `/api/business/${org.id}/subscription`, { token: org.owner.token })).json()
        .subscription,
    ).toBeNull();
    const noCard = await t.request('POST', `/api/business/${org.id}/subscription_with_direct_debit`, {
      token: org.owner.token,
      body: { plan_id: p.id },
    });
    expect(noCard.statusCode).toBe(400);
    const res = await t.request('POST', `/api/business/${org.id}/subscription_with_direct_debit`, {
      token: org.owner.token,
      body: { plan_id: p.id, card: GOOD_CARD },
      headers: { 'idempotency-key': `dd-${org.id}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().subscription).toMatchObject({
      payment_method: 'direct_debit',
      direct_debit: { type: 3 },
      next_invoice_on: '2031-01-15',
      current_period_end: '2031-01-14',
    });
    expect(res.json().invoice).toMatchObject({
      status: 'paid',
      total: 8_000,
      payment_method: 'direct_debit',
    });
    expect(await walletOf(org.id)).toBe(0);
  });

  it('moves no money for a locked or pending organisation', async () => {
    const org = await organisation();
    const p = await plan();
    const lock = await t.request('PATCH', `/api/admin/business/${org.id}/lock`, {
      token: platformAdmin.token,
      body: { lock_status: true, reason: 'Under review' },
    });
    expect(lock.statusCode).toBe(200);
    const res = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: p.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORGANISATION_LOCKED');

    const applicant = await t.createUser();
    const pendingId = await applyForOrganisation(t, applicant, 'Pending Ltd');
    const dd = await t.request('POST', `/api/business/${pendingId}/subscription_with_direct_debit`, {
      token: applicant.token,
      body: { plan_id: p.id, card: GOOD_CARD },
    });
    expect(dd.statusCode).toBe(409);
    expect(dd.json().error.code).toBe('ORGANISATION_NOT_APPROVED');
  });

  it('lets Super Admins and Admins in, and no one else', async () => {
    const org = await organisation();
    const stranger = await t.createUser();
    const p = await plan();
    const calls: Array<['GET' | 'POST' | 'DELETE', string, unknown]> = [
      ['GET', `/api/business/${org.id}/subscription`, undefined],
      ['GET', `/api/business/${org.id}/subscription/plans`, undefined],
      ['POST', `/api/business/${org.id}/subscription/current`, undefined],
      ['POST', `/api/business/${org.id}/subscription/preview`, { plan_id: p.id }],
      ['POST', `/api/business/${org.id}/subscription`, { plan_id: p.id }],
      ['POST', `/api/business/${org.id}/subscription_with_direct_debit`, { plan_id: p.id, card: GOOD_CARD }],
      ['POST', `/api/business/${org.id}/subscription/discount`, { discount_code: 'ANY' }],
      ['DELETE', `/api/business/${org.id}/subscription`, undefined],
      ['GET', `/api/business/${org.id}/subscription_list`, undefined],
      ['GET', `/api/business/${org.id}/invoices`, undefined],
      ['GET', `/api/business/${org.id}/invoices/1/pdf`, undefined],
      ['POST', `/api/admin/business/${org.id}/subscription`, { plan_id: p.id }],
    ];
    for (const person of [org.employee, stranger, platformEmployee]) {
      for (const [method, url, body] of calls) {
        const res = await t.request(method, url, { token: person.token, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url] of calls) {
      const res = await t.request(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const plans = await t.request('GET', `/api/business/${org.id}/subscription/plans`, {
      token: org.admin.token,
    });
    expect(plans.statusCode).toBe(200);
    expect(plans.json().items.every((x: { active: boolean }) => x.active)).toBe(true);
  });

  it('answers bad input with 400 and unknown things with 404', async () => {
    const org = await organisation();
    const bad = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: 'x', discount_code: 'bad code!' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.details.fields)).toEqual(
      expect.arrayContaining(['plan_id', 'discount_code']),
    );
    const extra = await t.request('POST', `/api/business/${org.id}/subscription/preview`, {
      token: org.owner.token,
      body: { plan_id: 1, price: 0 },
    });
    expect(extra.statusCode).toBe(400);
    const unknownPlan = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: 999_999 },
    });
    expect(unknownPlan.statusCode).toBe(404);
    const unknownInvoice = await t.request('GET', `/api/business/${org.id}/invoices/999999/pdf`, {
      token: org.owner.token,
    });
    expect(unknownInvoice.statusCode).toBe(404);
    const badCursor = await t.request('GET', `/api/business/${org.id}/invoices?cursor=nope`, {
      token: org.owner.token,
    });
    expect(badCursor.statusCode).toBe(400);
    const badKey = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: 1 },
      headers: { 'idempotency-key': ' ' },
    });
    expect(badKey.statusCode).toBe(400);
    const hidden = await plan({ active: false });
    const offered = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: hidden.id },
    });
    expect(offered.json().error.code).toBe('PLAN_NOT_AVAILABLE');
  });
});

describe('periods, history and the platform', () => {
  it('invoices each period exactly once, however often the job runs, and retries a short wallet', async () => {
    await at('2030-03-31T09:00:00Z');
    const org = await organisation(10_000);
    const p = await plan({ fee: 6_000, fee_type: 1 });
    const res = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: p.id },
    });
    expect(res.json().subscription.next_invoice_on).toBe('2030-04-30');
    await t.signIn(org.owner);

    await at('2030-04-30T10:00:00Z');
    await t.signIn(org.owner);
    await Promise.all([runJob(), runJob()]);
    await runJob();
    let invoices = (
      await t.request('GET', `/api/business/${org.id}/invoices`, { token: org.owner.token })
    ).json().items;
    expect(invoices.map((i: { period_start: string }) => i.period_start)).toEqual([
      '2030-04-30',
      '2030-03-31',
    ]);
    // 10 000 - 6 000 = 4 000 left: the second invoice is due, with why.
    expect(invoices[0]).toMatchObject({ status: 'due', period_end: '2030-05-30' });
    expect(invoices[0].last_error).toContain('wallet');

    await creditBusinessWallet(t, org.id, 5_000);
    await at('2030-04-30T12:00:00Z');
    await runJob();
    invoices = (
      await t.request('GET', `/api/business/${org.id}/invoices`, { token: (await t.signIn(org.owner)).token })
    ).json().items;
    expect(invoices).toHaveLength(2);
    expect(invoices[0].status).toBe('paid');
    expect(await walletOf(org.id)).toBe(3_000);

    // Cancelled: no further invoices.
    const cancel = await t.request('DELETE', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
    });
    expect(cancel.json().subscription).toMatchObject({ status: 'cancelled', next_invoice_on: null });
    await at('2030-06-01T09:00:00Z');
    await runJob();
    await t.signIn(org.owner);
    invoices = (await t.request('GET', `/api/business/${org.id}/invoices`, { token: org.owner.token })).json()
      .items;
    expect(invoices).toHaveLength(2);
    const history = await t.request('GET', `/api/business/${org.id}/subscription_list`, {
      token: org.owner.token,
    });
    expect(history.json().items[0].status).toBe('cancelled');
    await at('2030-01-15T09:00:00Z');
  });

  it('lets a platform admin set an organisation’s subscription, replacing the active one', async () => {
    const org = await organisation(0);
    const p = await plan({ fee: 3_000 });
    const res = await t.request('POST', `/api/admin/business/${org.id}/subscription`, {
      token: platformAdmin.token,
      body: { plan_id: p.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().subscription).toMatchObject({ set_by_platform: true, status: 'active' });
    expect(res.json().invoice.status).toBe('due');
    await creditBusinessWallet(t, org.id, 10_000);
    const again = await t.request('POST', `/api/admin/business/${org.id}/subscription`, {
      token: platformAdmin.token,
      body: { plan_id: p.id },
    });
    expect(again.json().invoice.status).toBe('paid');
    const history = await t.request('GET', `/api/business/${org.id}/subscription_list`, {
      token: org.owner.token,
    });
    expect(history.json().items.map((s: { status: string }) => s.status)).toEqual(['active', 'replaced']);
    const unknown = await t.request('POST', '/api/admin/business/999999/subscription', {
      token: platformAdmin.token,
      body: { plan_id: p.id },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('changing plan', () => {
  it('moves to another plan from the next period, priced first, with its code; nothing is charged now', async () => {
    await at('2030-03-31T09:00:00Z');
    const org = await organisation(100_000);
    const team = await plan({ name: 'Team', fee: 6_000, fee_type: 1 });
    const yearly = await plan({ name: 'Business yearly', fee: 50_000, fee_type: 2 });
    const c = await code({ kind: 'percentage', value: 10 });
    const res = await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: team.id, discount_code: c.code },
    });
    expect(res.statusCode, res.body).toBe(201);
    const walletAfterFirst = await walletOf(org.id);

    // The price of the change: the next period on the new plan, with the subscription's code.
    const preview = await t.request('POST', `/api/business/${org.id}/subscription/preview`, {
      token: org.admin.token,
      body: { plan_id: yearly.id, change: true },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      subtotal: 50_000,
      discount: 5_000,
      total: 45_000,
      discount_code: c.code.toUpperCase(),
      period_start: '2030-04-30',
      period_end: '2031-04-29',
    });

    const change = (planId: number, token = org.admin.token) =>
      t.request('PATCH', `/api/business/${org.id}/subscription/plan`, { token, body: { plan_id: planId } });
    const changed = await change(yearly.id);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      plan: { id: team.id },
      next_plan: { id: yearly.id, name: 'Business yearly' },
      next_period_total: 45_000,
      next_invoice_on: '2030-04-30',
    });
    expect(await walletOf(org.id)).toBe(walletAfterFirst);
    // Refused to an Employee, for an unknown plan with the field named.
    expect((await change(yearly.id, org.employee.token)).statusCode).toBe(403);
    const unknown = await change(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.details.fields.plan_id).toBeTruthy();

    // The next period is invoiced on the new plan, a year long, with the code.
    await at('2030-04-30T10:00:00Z');
    await runJob();
    await t.signIn(org.owner);
    const invoices = (
      await t.request('GET', `/api/business/${org.id}/invoices`, { token: org.owner.token })
    ).json().items;
    expect(invoices[0]).toMatchObject({
      plan_name: 'Business yearly',
      period_start: '2030-04-30',
      period_end: '2031-04-29',
      total: 45_000,
      status: 'paid',
    });
    const current = (
      await t.request('GET', `/api/business/${org.id}/subscription`, { token: org.owner.token })
    ).json().subscription;
    expect(current).toMatchObject({
      plan: { id: yearly.id },
      next_plan: null,
      next_invoice_on: '2031-04-30',
    });

    // Choosing the current plan drops a pending change.
    await change(team.id, org.owner.token);
    const back = await change(yearly.id, org.owner.token);
    expect(back.json().subscription).toMatchObject({ next_plan: null, next_period_total: null });
    await at('2030-01-15T09:00:00Z');
  });

  it('is refused without an active subscription, and for a plan no longer offered', async () => {
    const org = await organisation(50_000);
    const p = await plan({ fee: 1_000 });
    const none = await t.request('PATCH', `/api/business/${org.id}/subscription/plan`, {
      token: org.owner.token,
      body: { plan_id: p.id },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('NO_SUBSCRIPTION');
    await t.request('POST', `/api/business/${org.id}/subscription`, {
      token: org.owner.token,
      body: { plan_id: p.id },
    });
    const old = await plan({ fee: 2_000 });
    await t.request('PATCH', `/api/admin/subscription_plans/${old.id}`, {
      token: platformAdmin.token,
      body: { active: false },
    });
    const retired = await t.request('PATCH', `/api/business/${org.id}/subscription/plan`, {
      token: org.owner.token,
      body: { plan_id: old.id },
    });
    expect(retired.statusCode).toBe(409);
    expect(retired.json().error.details.fields.plan_id).toBe('Choose another plan.');
    const bad = await t.request('PATCH', `/api/business/${org.id}/subscription/plan`, {
      token: org.owner.token,
      body: { plan_id: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.plan_id).toBeTruthy();
  });
});

async function runJob() {
  const job = t.jobs.find((j) => j.name === 'subscription invoices');
  if (!job) throw new Error('no subscription invoices job');
  return job.run();
}
