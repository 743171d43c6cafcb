import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, businessMemberships, payments } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/helpers.js';
import { createBusiness, DECLINED_CARD, GOOD_CARD, topUp } from '../../testing/money.js';
import { checkLedger } from '../ledger/ledger.check.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  await t.close();
});

const paymentCount = async () =>
  (await t.ctx.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(payments))[0]?.n ?? 0;

/** A person's card top-up of their wallet, as the wallet screen asks for it. */
const topUpCall = (token: string, body: Record<string, unknown>) =>
  t.request('POST', '/api/user/deposit', { token, body });

describe('deposits with the sandbox provider', () => {
  it('adds money with the test card and credits the wallet exactly once', async () => {
    const user = await t.createUser();
    const deposit = await topUpCall(user.token, { amount: 12_550, card: GOOD_CARD });
    expect(deposit.statusCode).toBe(201);
    const { payment } = deposit.json();
    expect(payment).toMatchObject({
      status: 'succeeded',
      amount: 12_550,
      currency: 'INR',
      provider: 'sandbox',
    });

    expect((await t.request('GET', '/api/user/wallet', { token: user.token })).json().wallet_amount).toBe(0);
    for (let i = 0; i < 3; i++) {
      const confirm = await t.request('POST', '/api/user/deposit/confirm', {
        token: user.token,
        body: { payment_id: payment.id },
      });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().payment.status).toBe('credited');
      expect(confirm.json().wallet).toEqual({ wallet_amount: 12_550, credits: 0, held: 0, currency: 'INR' });
    }
    const me = await t.request('GET', '/api/user/get', { token: user.token });
    expect(me.json().user.wallet_amount).toBe(12_550);
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });

  it('answers a declined card with a clear 402 and keeps nothing', async () => {
    const user = await t.createUser();
    const before = await paymentCount();
    const res = await topUpCall(user.token, { amount: 5_000, card: DECLINED_CARD });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({
      code: 'CARD_DECLINED',
      message: 'Your card was declined. Try another card.',
    });
    expect(await paymentCount()).toBe(before);
  });

  it('refuses bad amounts and cards with 400, moving nothing', async () => {
    const user = await t.createUser();
    const before = await paymentCount();
    for (const amount of [0, -100, 12.5, 1e13, '100', null]) {
      const res = await topUpCall(user.token, { amount, card: GOOD_CARD });
      expect(res.statusCode, `amount ${amount}`).toBe(400);
      expect(res.json().error.details.fields).toHaveProperty('amount');
    }
    const noCard = await topUpCall(user.token, { amount: 100 });
    expect(noCard.statusCode).toBe(400);
    const badNumber = await topUpCall(user.token, {
      amount: 100,
      card: { ...GOOD_CARD, number: '4242 4242 4242 4241' },
    });
    expect(badNumber.statusCode).toBe(402);
    const expired = await topUpCall(user.token, { amount: 100, card: { ...GOOD_CARD, exp_year: 2020 } });
    expect(expired.statusCode).toBe(402);
    expect(expired.json().error.message).toBe('The card has expired.');
    expect(await paymentCount()).toBe(before);
  });

  it('returns the first answer for a retried Idempotency-Key and 409 for the same key on another request', async () => {
    const user = await t.createUser();
    const headers = { 'idempotency-key': 'top-up-123' };
    const first = await t.request('POST', '/api/user/deposit', {
      token: user.token,
      headers,
      body: { amount: 700, card: GOOD_CARD },
    });
    const again = await t.request('POST', '/api/user/deposit', {
      token: user.token,
      headers,
      body: { amount: 700, card: GOOD_CARD },
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().payment.id).toBe(first.json().payment.id);
    const other = await t.request('POST', '/api/user/deposit', {
      token: user.token,
      headers,
      body: { amount: 800, card: GOOD_CARD },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Another person may use the same key for their own request.
    const stranger = await t.createUser();
    const theirs = await t.request('POST', '/api/user/deposit', {
      token: stranger.token,
      headers,
      body: { amount: 800, card: GOOD_CARD },
    });
    expect(theirs.statusCode).toBe(201);
    const bad = await t.request('POST', '/api/user/deposit', {
      token: user.token,
      headers: { 'idempotency-key': 'x'.repeat(201) },
      body: { amount: 800, card: GOOD_CARD },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("does not confirm another person's payment", async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const deposit = await topUpCall(owner.token, { amount: 900, card: GOOD_CARD });
    const res = await t.request('POST', '/api/user/deposit/confirm', {
      token: other.token,
      body: { payment_id: deposit.json().payment.id },
    });
    expect(res.statusCode).toBe(404);
    expect((await t.request('GET', '/api/user/wallet', { token: other.token })).json().wallet_amount).toBe(0);
  });
});

describe('organisation deposits', () => {
  it('lets an organisation admin add money, and refuses a locked organisation', async () => {
    const admin = await t.createUser();
    const businessId = await createBusiness(t, admin.id, { name: 'Deposit Ltd' });
    const deposit = await t.request('POST', `/api/business/${businessId}/deposit`, {
      token: admin.token,
      body: { amount: 50_000, card: GOOD_CARD },
    });
    expect(deposit.statusCode).toBe(201);
    const confirm = await t.request('POST', `/api/business/${businessId}/confirm`, {
      token: admin.token,
      body: { payment_id: deposit.json().payment.id },
    });
    expect(confirm.json().wallet.wallet_amount).toBe(50_000);
    expect(
      (await t.request('GET', `/api/business/wallet/${businessId}`, { token: admin.token })).json()
        .wallet_amount,
    ).toBe(50_000);
    // The organisation's money is not the person's.
    expect((await t.request('GET', '/api/user/wallet', { token: admin.token })).json().wallet_amount).toBe(0);

    await t.ctx.database.db.update(businesses).set({ lockStatus: true }).where(eq(businesses.id, businessId));
    const locked = await t.request('POST', `/api/business/${businessId}/deposit`, {
      token: admin.token,
      body: { amount: 100, card: GOOD_CARD },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('ORGANISATION_LOCKED');
  });

  it("keeps an employee out of the organisation's wallet", async () => {
    const admin = await t.createUser();
    const employee = await t.createUser();
    const businessId = await createBusiness(t, admin.id, { name: 'Staff Ltd' });
    await t.ctx.database.db
      .insert(businessMemberships)
      .values({ createdAt: t.ctx.now(), businessId, userId: employee.id, adminType: 99 });
    const res = await t.request('GET', `/api/business/wallet/${businessId}`, { token: employee.token });
    expect(res.statusCode).toBe(403);
  });
});

describe('wallet history and statement', () => {
  it('pages the history newest first, filters it, and downloads a CSV statement', async () => {
    const user = await t.createUser();
    for (const amount of [100, 200, 300]) await topUp(t, user.token, amount);
    const today = new Date().toISOString().slice(0, 10);
    const first = await t.request('GET', `/api/user/payments/${today}/${today}?limit=2`, {
      token: user.token,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((i: { amount: number }) => i.amount)).toEqual([300, 200]);
    expect(first.json().items[0]).toMatchObject({
      kind: 'deposit',
      account: 'wallet',
      description: 'Card top-up',
    });
    const second = await t.request(
      'GET',
      `/api/user/payments/${today}/${today}?limit=2&cursor=${first.json().next_cursor}`,
      {
        token: user.token,
      },
    );
    expect(second.json().items.map((i: { amount: number }) => i.amount)).toEqual([100]);
    expect(second.json().next_cursor).toBeNull();
    const credits = await t.request('GET', `/api/user/payments/${today}/${today}?account=credits`, {
      token: user.token,
    });
    expect(credits.json().items).toEqual([]);
    const past = await t.request('GET', '/api/user/payments/2020-01-01/2020-12-31', { token: user.token });
    expect(past.json().items).toEqual([]);

    const csv = await t.request('GET', `/api/user/statement/${today}/${today}`, { token: user.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`kindred-statement-${today}-to-${today}.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,description,type,account,amount,currency,status');
    expect(lines.slice(1).map((line) => line.split(',').slice(1))).toEqual([
      ['Card top-up', 'deposit', 'wallet', '1.00', 'INR', ''],
      ['Card top-up', 'deposit', 'wallet', '2.00', 'INR', ''],
      ['Card top-up', 'deposit', 'wallet', '3.00', 'INR', ''],
    ]);
  });

  it('answers a backwards or malformed date range with 400', async () => {
    const user = await t.createUser();
    expect(
      (await t.request('GET', '/api/user/payments/2026-02-01/2026-01-01', { token: user.token })).statusCode,
    ).toBe(400);
    expect(
      (await t.request('GET', '/api/user/payments/yesterday/today', { token: user.token })).statusCode,
    ).toBe(400);
    expect(
      (await t.request('GET', '/api/user/payments/2026-02-30/2026-03-01', { token: user.token })).statusCode,
    ).toBe(400);
  });
});

describe('payment provider accounts and webhooks', () => {
  it('lets a charity admin open a payout account in the sandbox', async () => {
    const { charities, charityMemberships } = await import('../../db/schema.js');
    const admin = await t.createUser();
    const stranger = await t.createUser();
    const [charity] = await t.ctx.database.db
      .insert(charities)
      .values({
        createdAt: t.ctx.now(),
        updatedAt: t.ctx.now(),
        name: 'Payout Trust',
        approvalStatus: 'approved',
      })
      .returning({ id: charities.id });
    const charityId = charity?.id ?? 0;
    await t.ctx.database.db
      .insert(charityMemberships)
      .values({ createdAt: t.ctx.now(), charityId, userId: admin.id, adminType: 1 });
    expect(
      (await t.request('GET', `/api/stripe/account/${charityId}`, { token: admin.token })).statusCode,
    ).toBe(404);
    const denied = await t.request('PATCH', '/api/stripe/account', {
      token: stranger.token,
      body: { charity_id: charityId },
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.request('PATCH', '/api/stripe/account', {
      token: admin.token,
      body: { charity_id: charityId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      charity_id: charityId,
      provider: 'sandbox',
      status: 'active',
      payouts_enabled: true,
    });
    const again = await t.request('PATCH', '/api/stripe/account', {
      token: admin.token,
      body: { charity_id: charityId },
    });
    expect(again.json().account_id).toBe(res.json().account_id);
    expect(
      (await t.request('GET', `/api/stripe/account/${charityId}`, { token: admin.token })).json().account_id,
    ).toBe(res.json().account_id);
  });

  it('answers webhooks with 404 while Stripe is not configured', async () => {
    const res = await t.request('POST', '/api/stripe/webhook', { body: { id: 'evt_1' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_CONFIGURED');
  });
});
