import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, businessMemberships, charities } from '../../db/schema.js';
import { fundOrganisation } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/helpers.js';
import { createBusiness, FAILS_LATER_CARD, GOOD_CARD } from '../../testing/money.js';
import { checkLedger } from '../ledger/ledger.check.js';
import { MAX_CHARGE_ATTEMPTS } from '../payments/direct-debits.service.js';

let t: TestApp;
let clock = new Date('2026-11-22T09:00:00Z');
const runScheduled = () =>
  t.jobs.find((job) => job.name === 'direct debits')?.run() as Promise<Record<string, number>>;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  await t.close();
});

/** A move of money between an organisation and a sub-business, asked by the person with the token. */
const transferFunds = (token: string, body: Record<string, unknown>) =>
  t.request('POST', '/api/organisation/transfer_funds', { token, body });

/** The person's direct debits, as their wallet screen lists them. */
const mandatesOf = async (person: { token: string }) =>
  (await t.request('GET', '/api/user/direct_debits', { token: person.token })).json().items;

/** What a direct debit is set up with: the amount, the first day, the card and how often (monthly unless said). */
const mandateBody = (amount: number, startDate: string, card = GOOD_CARD, frequency = 3) => ({
  amount,
  frequency,
  start_date: startDate,
  card,
});

/** An organisation's direct debit: a subscription to a charity (type 3) or a top-up of its wallet. */
const businessDebit = (businessId: number, token: string, body: Record<string, unknown>) =>
  t.request('POST', `/api/business/direct_debit/${businessId}`, { token, body });

/** A person's direct debit that tops up their wallet. */
const createDirectDebit = (token: string, body: Record<string, unknown>) =>
  t.request('POST', '/api/user/create_direct_debit', { token, body });

describe('platform admin deposits', () => {
  it('records money and credits for a person, with the reason and the admin', async () => {
    const admin = await t.createUser({ isIicAdmin: true, adminType: 2 });
    const person = await t.createUser();
    const money = await t.request('POST', `/api/admin/user/${person.id}/deposit`, {
      token: admin.token,
      body: { amount: 10_000, kind: 'money', reason: 'Bank transfer ref 991' },
    });
    expect(money.statusCode).toBe(201);
    const credits = await t.request('POST', `/api/admin/user/${person.id}/deposit`, {
      token: admin.token,
      body: { amount: 2_500, kind: 'credits', reason: 'Welcome credits' },
    });
    expect(credits.json().wallet).toEqual({
      wallet_amount: 10_000,
      credits: 2_500,
      held: 0,
      currency: 'INR',
    });
    const me = (await t.request('GET', '/api/user/get', { token: person.token })).json().user;
    expect(me).toMatchObject({ wallet_amount: 10_000, credits: 2_500 });
    const today = clock.toISOString().slice(0, 10);
    const history = (
      await t.request('GET', `/api/user/payments/${today}/${today}`, { token: person.token })
    ).json().items;
    expect(history.map((i: { description: string }) => i.description)).toEqual([
      'Credits from Kindred: Welcome credits',
      'Deposit recorded by Kindred: Bank transfer ref 991',
    ]);
  });

  it('gives an organisation credits (cc) and refuses a missing reason, an unknown owner and a read-only admin', async () => {
    const admin = await t.createUser({ isIicAdmin: true, adminType: 1 });
    const owner = await t.createUser();
    const businessId = await createBusiness(t, owner.id, { name: 'Credits Ltd' });
    const cc = await t.request('POST', `/api/admin/business/${businessId}/cc`, {
      token: admin.token,
      body: { amount: 40_000, reason: 'Matched giving' },
    });
    expect(cc.statusCode).toBe(201);
    expect(cc.json().wallet).toMatchObject({ wallet_amount: 0, credits: 40_000 });
    const noReason = await t.request('POST', `/api/admin/business/${businessId}/deposit`, {
      token: admin.token,
      body: { amount: 100 },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details.fields).toHaveProperty('reason');
    const unknown = await t.request('POST', '/api/admin/user/999999/deposit', {
      token: admin.token,
      body: { amount: 100, reason: 'nobody' },
    });
    expect(unknown.statusCode).toBe(404);
    const employee = await t.createUser({ isIicAdmin: true, adminType: 99 });
    const readOnly = await t.request('POST', `/api/admin/business/${businessId}/cc`, {
      token: employee.token,
      body: { amount: 100, reason: 'not allowed' },
    });
    expect(readOnly.statusCode).toBe(403);
  });
});

describe('transfers between an organisation and its sub-businesses', () => {
  it('gives every retry of an Idempotency-Key its first answer, a refusal included', async () => {
    const owner = await t.createUser();
    const parent = await createBusiness(t, owner.id, { name: 'Refused Parent Ltd' });
    const child = await createBusiness(t, owner.id, { name: 'Refused Child Ltd', parentId: parent });
    const move = () =>
      t.request('POST', '/api/organisation/transfer_funds', {
        token: owner.token,
        headers: { 'idempotency-key': 'move-refused' },
        body: { from_business_id: parent, to_business_id: child, amount: 5_000 },
      });
    const first = await move();
    expect(first.statusCode).toBe(409);
    expect(first.json().error.code).toBe('INSUFFICIENT_FUNDS');
    const admin = await t.createUser({ isIicAdmin: true, adminType: 1 });
    await fundOrganisation(t, admin, parent, 30_000, 'Funding');
    // The money is there now, but this key was refused: its retries are refused the same way.
    const retry = await move();
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual(first.json());
    const wallet = await t.request('GET', `/api/business/wallet/${child}`, { token: owner.token });
    expect(wallet.json().wallet_amount).toBe(0);
    // A new key is a new request.
    const fresh = await t.request('POST', '/api/organisation/transfer_funds', {
      token: owner.token,
      headers: { 'idempotency-key': 'move-again' },
      body: { from_business_id: parent, to_business_id: child, amount: 5_000 },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('moves funds both ways for a Super Admin of the parent, and refuses everyone else', async () => {
    const owner = await t.createUser();
    const parent = await createBusiness(t, owner.id, { name: 'Parent Ltd' });
    const child = await createBusiness(t, owner.id, { name: 'Child Ltd', parentId: parent });
    const admin = await t.createUser({ isIicAdmin: true, adminType: 1 });
    await fundOrganisation(t, admin, parent, 30_000, 'Funding');
    const down = await t.request('POST', '/api/organisation/transfer_funds', {
      token: owner.token,
      headers: { 'idempotency-key': 'move-1' },
      body: { from_business_id: parent, to_business_id: child, amount: 12_000 },
    });
    expect(down.statusCode).toBe(200);
    expect(down.json().from.wallet_amount).toBe(18_000);
    expect(down.json().to.wallet_amount).toBe(12_000);
    const retry = await t.request('POST', '/api/organisation/transfer_funds', {
      token: owner.token,
      headers: { 'idempotency-key': 'move-1' },
      body: { from_business_id: parent, to_business_id: child, amount: 12_000 },
    });
    expect(retry.json().transaction_id).toBe(down.json().transaction_id);
    const up = await transferFunds(owner.token, {
      from_business_id: child,
      to_business_id: parent,
      amount: 2_000,
    });
    expect(up.json().to.wallet_amount).toBe(20_000);

    const tooMuch = await transferFunds(owner.token, {
      from_business_id: child,
      to_business_id: parent,
      amount: 10_001,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.code).toBe('INSUFFICIENT_FUNDS');

    const childAdmin = await t.createUser();
    await t.ctx.database.db
      .insert(businessMemberships)
      .values({ createdAt: t.ctx.now(), businessId: child, userId: childAdmin.id, adminType: 1 });
    const notParent = await transferFunds(childAdmin.token, {
      from_business_id: child,
      to_business_id: parent,
      amount: 1,
    });
    expect(notParent.statusCode).toBe(403);

    const stranger = await t.createUser();
    const other = await createBusiness(t, owner.id, { name: 'Unrelated Ltd' });
    const unrelated = await transferFunds(owner.token, {
      from_business_id: parent,
      to_business_id: other,
      amount: 1,
    });
    expect(unrelated.statusCode).toBe(409);
    expect(
      (await transferFunds(stranger.token, { from_business_id: parent, to_business_id: child, amount: 1 }))
        .statusCode,
    ).toBe(403);
    const same = await transferFunds(owner.token, {
      from_business_id: parent,
      to_business_id: parent,
      amount: 1,
    });
    expect(same.statusCode).toBe(400);
  });
});

describe('direct debits', () => {
  it('charges a wallet top-up once per period, on schedule, and stops when cancelled', async () => {
    const user = await t.createUser();
    const created = await createDirectDebit(user.token, mandateBody(1_500, '2026-11-22', GOOD_CARD, 2));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'active',
      next_charge_on: '2026-11-22',
      payment_method_label: 'Visa ending 4242',
    });

    await runScheduled();
    await runScheduled();
    let wallet = (await t.request('GET', '/api/user/wallet', { token: user.token })).json();
    expect(wallet.wallet_amount).toBe(1_500);
    expect((await mandatesOf(user))[0].next_charge_on).toBe('2026-11-29');

    clock = new Date('2026-11-29T09:00:00Z');
    await t.signIn(user);
    await runScheduled();
    await runScheduled();
    wallet = (await t.request('GET', '/api/user/wallet', { token: user.token })).json();
    expect(wallet.wallet_amount).toBe(3_000);

    const cancel = await t.request('DELETE', `/api/user/direct_debit/${created.json().id}`, {
      token: user.token,
    });
    expect(cancel.json().status).toBe('cancelled');
    clock = new Date('2026-12-06T09:00:00Z');
    await t.signIn(user);
    await runScheduled();
    wallet = (await t.request('GET', '/api/user/wallet', { token: user.token })).json();
    expect(wallet.wallet_amount).toBe(3_000);
    expect(
      (await t.request('DELETE', `/api/user/direct_debit/${created.json().id}`, { token: user.token }))
        .statusCode,
    ).toBe(409);
  });

  it('retries a failing charge a bounded number of times, then stops and mails the owner', async () => {
    clock = new Date('2026-12-10T09:00:00Z');
    const user = await t.createUser();
    const created = await createDirectDebit(user.token, mandateBody(900, '2026-12-10', FAILS_LATER_CARD));
    expect(created.statusCode).toBe(201);
    for (let attempt = 1; attempt <= MAX_CHARGE_ATTEMPTS; attempt++) {
      await runScheduled();
      const mandate = (await mandatesOf(user))[0];
      expect(mandate.failed_attempts).toBe(attempt);
      clock = new Date(clock.getTime() + 4 * 3600 * 1000);
      await t.signIn(user);
    }
    const mandate = (await mandatesOf(user))[0];
    expect(mandate.status).toBe('failed');
    expect(mandate.last_error).toContain('declined');
    const mail = (await t.outbox()).find((m) => m.to.includes(user.email));
    expect(mail?.subject).toBe('Your Kindred direct debit has stopped');
    expect((await t.request('GET', '/api/user/wallet', { token: user.token })).json().wallet_amount).toBe(0);
  });

  it('sets up one mandate however often the same request is retried with its Idempotency-Key', async () => {
    clock = new Date('2026-12-10T09:00:00Z');
    const user = await t.createUser();
    const send = () =>
      t.request('POST', '/api/user/create_direct_debit', {
        token: user.token,
        headers: { 'idempotency-key': 'mandate-1' },
        body: { amount: 700, frequency: 3, start_date: '2026-12-20', card: GOOD_CARD },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await mandatesOf(user)).toHaveLength(1);
  });

  it('refuses a start date in the past and a subscription without an approved charity', async () => {
    clock = new Date('2026-12-10T09:00:00Z');
    const owner = await t.createUser();
    const past = await createDirectDebit(owner.token, mandateBody(900, '2026-12-09'));
    expect(past.statusCode).toBe(400);
    const businessId = await createBusiness(t, owner.id, { name: 'Subscriber Ltd' });
    const noCharity = await businessDebit(businessId, owner.token, {
      type: 3,
      ...mandateBody(900, '2026-12-10'),
    });
    expect(noCharity.statusCode).toBe(400);
    const [pending] = await t.ctx.database.db
      .insert(charities)
      .values({ createdAt: t.ctx.now(), updatedAt: t.ctx.now(), name: 'Pending Trust' })
      .returning({ id: charities.id });
    const pendingCharity = await businessDebit(businessId, owner.token, {
      type: 3,
      charity_id: pending?.id,
      ...mandateBody(900, '2026-12-10'),
    });
    expect(pendingCharity.statusCode).toBe(404);
  });

  it("pays a business's charity subscription into the charity's funds and lists it for admins", async () => {
    clock = new Date('2026-12-12T09:00:00Z');
    const owner = await t.createUser();
    const businessId = await createBusiness(t, owner.id, { name: 'Giving Ltd' });
    const [charity] = await t.ctx.database.db
      .insert(charities)
      .values({
        createdAt: t.ctx.now(),
        updatedAt: t.ctx.now(),
        name: 'Subscribed Trust',
        approvalStatus: 'approved',
      })
      .returning({ id: charities.id });
    const created = await businessDebit(businessId, owner.token, {
      type: 3,
      charity_id: charity?.id,
      ...mandateBody(2_000, '2026-12-12', GOOD_CARD, 4),
    });
    expect(created.statusCode).toBe(201);
    await runScheduled();
    const { ledgerService } = await import('../ledger/ledger.service.js');
    const funds = await ledgerService('INR', t.ctx.now).balances(t.ctx.database.db, {
      ownerType: 'charity',
      ownerId: charity?.id ?? 0,
    });
    expect(funds.charityFunds).toBe(2_000);
    const list = (
      await t.request('GET', `/api/business/${businessId}/direct_debits`, { token: owner.token })
    ).json();
    expect(list.items[0]).toMatchObject({ type: 3, next_charge_on: '2027-12-12' });

    const admin = await t.createUser({ isIicAdmin: true, adminType: 99 });
    const all = (
      await t.request('GET', '/api/admin/direct_debits_list?limit=2', { token: admin.token })
    ).json();
    expect(all.items).toHaveLength(2);
    expect(all.next_cursor).not.toBeNull();
    const failed = (
      await t.request('GET', '/api/admin/direct_debits_list?status=failed', { token: admin.token })
    ).json();
    expect(failed.items.every((d: { status: string }) => d.status === 'failed')).toBe(true);
    expect(failed.items.length).toBeGreaterThan(0);
  });

  it('lets a locked organisation move no money', async () => {
    const owner = await t.createUser();
    const businessId = await createBusiness(t, owner.id, { name: 'Frozen Ltd' });
    await t.ctx.database.db.update(businesses).set({ lockStatus: true }).where(eq(businesses.id, businessId));
    const res = await businessDebit(businessId, owner.token, mandateBody(900, '2026-12-31'));
    expect(res.statusCode).toBe(409);
  });
});
