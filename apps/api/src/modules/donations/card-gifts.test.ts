import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeCharityWithProject,
  makeOrganisation,
  makeProject,
  type Person,
  platformAdmin,
} from '../../testing/factories.js';
import { countRows, useTestApp } from '../../testing/helpers.js';
import { DECLINED_CARD, FAILS_LATER_CARD, GOOD_CARD } from '../../testing/money.js';

/** The sandbox's card that asks for 3-D Secure (Stripe's own test number for it). */
const THREE_D_CARD = { ...GOOD_CARD, number: '4000 0025 0000 3155' };

const clock = { now: new Date('2026-06-10T10:00:00Z') };
const t = useTestApp({}, { now: () => clock.now });

let platform: Person;
let projectId: number;

const give = (who: Person, body: Record<string, unknown>, key?: string, path = `project/${projectId}`) =>
  t.request('POST', `/api/user/donate/${path}`, {
    token: who.token,
    body: { type: 2, source: 'card', ...body },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const wallet = async (who: Person) =>
  (await t.request('GET', '/api/user/wallet', { token: who.token })).json();
const raised = async () => Number((await t.request('GET', `/api/project/${projectId}`)).json().funds_raised);
const settleOpenPayments = async () =>
  Number(await t.jobs.find((job) => job.name === 'open card payments')?.run());
const count = (table: string, where?: string) => countRows(t, table, where);

beforeAll(async () => {
  platform = await platformAdmin(t);
  const made = await makeCharityWithProject(t, { name: 'Card Trust', platform }, { title: 'Card project' });
  projectId = made.projectId;
});

describe('a gift by card in one step', () => {
  it('charges the card and makes the gift at once; the wallet is neither needed nor changed', async () => {
    const donor = await t.createUser();
    const before = await raised();
    const res = await give(donor, { amount: 2_500, card: GOOD_CARD });
    expect(res.statusCode).toBe(201);
    const { donation, wallet: after } = res.json();
    expect(donation).toMatchObject({ status: 80, source: 'card', amount: 2_500 });
    expect(donation.payment_id).toEqual(expect.any(Number));
    expect(donation.receipt_number).toMatch(/^KR-/);
    expect(after).toMatchObject({ wallet_amount: 0, held: 0 });
    // The answer's gift is the gift as the giver's list shows it, history and names included.
    const listed = (await t.request('GET', '/api/user/donations', { token: donor.token })).json().items;
    expect(listed).toEqual([donation]);
    expect(await raised()).toBe(before + 2_500);
    // provider -> giver -> gift in one ledger transaction.
    expect(await count('ledger_transactions', `donation_id = ${donation.id}`)).toBe(1);
    const mails = await t.outbox();
    expect(
      mails.some((mail) => mail.to === donor.email && mail.subject.includes(donation.receipt_number)),
    ).toBe(true);
  });

  it('never charges twice for a retry with the same Idempotency-Key', async () => {
    const donor = await t.createUser();
    const first = await give(donor, { amount: 1_000, card: GOOD_CARD }, 'card-key-1');
    const again = await give(donor, { amount: 1_000, card: GOOD_CARD }, 'card-key-1');
    expect(again.statusCode).toBe(201);
    expect(again.json().donation.id).toBe(first.json().donation.id);
    expect(await count('payments', `purpose = 'gift' and created_by = ${donor.id}`)).toBe(1);
    expect(
      await count('sandbox_payments', `idempotency_key = 'kindred-gift-${first.json().donation.payment_id}'`),
    ).toBe(1);
    expect(await count('donations', `donor_id = ${donor.id}`)).toBe(1);
  });

  it('a declined card answers beside the card and leaves no gift, no held money, no wallet change', async () => {
    const donor = await t.createUser();
    const before = await raised();
    const res = await give(donor, { amount: 1_500, card: DECLINED_CARD }, 'declined-1');
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: 'CARD_DECLINED',
      details: { fields: { card: expect.stringMatching(/declined/) } },
    });
    expect(await count('donations', `donor_id = ${donor.id}`)).toBe(0);
    expect(await wallet(donor)).toMatchObject({ wallet_amount: 0, held: 0 });
    expect(await raised()).toBe(before);
    // The same call again gets the same answer; another card is another attempt.
    expect((await give(donor, { amount: 1_500, card: DECLINED_CARD }, 'declined-1')).statusCode).toBe(402);
    expect((await give(donor, { amount: 1_500, card: GOOD_CARD }, 'declined-2')).statusCode).toBe(201);
  });

  it('a card that asks for 3-D Secure answers 202, and the gift is made once the step is completed', async () => {
    const donor = await t.createUser();
    const res = await give(donor, { amount: 3_000, card: THREE_D_CARD }, '3ds-1');
    expect(res.statusCode).toBe(202);
    const { payment } = res.json();
    expect(payment).toMatchObject({ status: 'requires_action', client_secret: expect.any(String) });
    expect(await count('donations', `donor_id = ${donor.id}`)).toBe(0);

    // Confirming before the step is finished says so.
    const early = await t.request('POST', `/api/payment/${payment.id}/confirm`, { token: donor.token });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('PAYMENT_NOT_COMPLETE');

    // Someone else cannot finish it.
    const other = await t.createUser();
    expect(
      (await t.request('POST', `/api/payment/${payment.id}/confirm`, { token: other.token })).statusCode,
    ).toBe(404);

    const step = await t.request('POST', '/api/sandbox/authenticate', {
      body: { client_secret: payment.client_secret, outcome: 'complete' },
    });
    expect(step.json()).toMatchObject({ status: 'succeeded' });

    const done = await t.request('POST', `/api/payment/${payment.id}/confirm`, { token: donor.token });
    expect(done.statusCode).toBe(201);
    expect(done.json().donation).toMatchObject({ status: 80, source: 'card', amount: 3_000 });
    const twice = await t.request('POST', `/api/payment/${payment.id}/confirm`, { token: donor.token });
    expect(twice.json().donation.id).toBe(done.json().donation.id);
    // The donate call retried with its key finds the gift too.
    expect((await give(donor, { amount: 3_000, card: THREE_D_CARD }, '3ds-1')).json().donation.id).toBe(
      done.json().donation.id,
    );
    expect(await count('donations', `donor_id = ${donor.id}`)).toBe(1);
  });

  it('a failed 3-D Secure step declines the gift and makes nothing', async () => {
    const donor = await t.createUser();
    const { payment } = (await give(donor, { amount: 3_000, card: THREE_D_CARD }, '3ds-2')).json();
    const wrong = await t.request('POST', '/api/sandbox/authenticate', {
      body: { client_secret: 'not-the-secret', outcome: 'complete' },
    });
    expect(wrong.statusCode).toBe(404);
    await t.request('POST', '/api/sandbox/authenticate', {
      body: { client_secret: payment.client_secret, outcome: 'fail' },
    });
    const res = await t.request('POST', `/api/payment/${payment.id}/confirm`, { token: donor.token });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.details.fields.card).toMatch(/bank did not confirm/);
    expect(await count('donations', `donor_id = ${donor.id}`)).toBe(0);
  });

  it('refuses before charging: a closed project, missing card, a card field on a wallet gift, someone else’s card', async () => {
    const donor = await t.createUser();
    const other = await makeCharityWithProject(t, { platform });
    const closed = await makeProject(t, other.admin, { charityId: other.charityId, status: 'completed' });
    const res = await give(donor, { amount: 1_000, card: GOOD_CARD }, undefined, `project/${closed}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PROJECT_NOT_LIVE');
    const missing = await give(donor, { amount: 1_000 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields.card).toBe('Required.');
    const mixed = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 1_000, source: 'wallet', card: GOOD_CARD },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.details.fields.card).toMatch(/Only a gift by card/);
    const owner = await t.createUser();
    const saved = await t.request('POST', '/api/user/payment_methods', {
      token: owner.token,
      body: { card: GOOD_CARD },
    });
    const theirs = await give(donor, { amount: 1_000, payment_method_id: saved.json().payment_method.id });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.details.fields.payment_method_id).toBe('Not a saved card.');
    expect(await count('payments', `purpose = 'gift' and created_by = ${donor.id}`)).toBe(0);
    expect(await count('donations', `donor_id = ${donor.id}`)).toBe(0);
  });

  it('gives with a saved card; a saved card that fails later is declined', async () => {
    const donor = await t.createUser();
    const good = (
      await t.request('POST', '/api/user/payment_methods', { token: donor.token, body: { card: GOOD_CARD } })
    ).json().payment_method;
    const later = (
      await t.request('POST', '/api/user/payment_methods', {
        token: donor.token,
        body: { card: FAILS_LATER_CARD },
      })
    ).json().payment_method;
    const ok = await give(donor, { amount: 700, payment_method_id: good.id });
    expect(ok.statusCode).toBe(201);
    const no = await give(donor, { amount: 700, payment_method_id: later.id });
    expect(no.statusCode).toBe(402);
  });

  it('an organisation gives by card: held for its sign-off admins, not from its wallet', async () => {
    const org = await makeOrganisation(t, platform, { members: [{ role: 2, signoff: true }] });
    const res = await t.request('POST', `/api/business/${org.id}/donate/project/${projectId}`, {
      token: org.owner.token,
      body: { type: 2, amount: 4_000, source: 'card', card: GOOD_CARD },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().donation).toMatchObject({ status: 20, source: 'card' });
    expect(res.json().donation.donor).toEqual({ kind: 'business', id: org.id, name: expect.any(String) });
    expect(res.json().donation.donor.name).not.toBe('An organisation');
    expect(res.json().wallet).toMatchObject({ wallet_amount: 0, held: 4_000 });
  });

  it('a payment captured while its answer was lost becomes its gift in the reconciliation round, once', async () => {
    const donor = await t.createUser();
    // The provider charged, then the process died before the gift was written: the payment is
    // left "pending" with what the gift will be, and the sandbox holds the captured payment.
    const original = t.ctx.paymentProvider.createPayment;
    let charged: string | undefined;
    t.ctx.paymentProvider.createPayment = async (input) => {
      const payment = await original(input);
      charged = payment.id;
      throw new Error('the process died here');
    };
    const lost = await give(donor, { amount: 1_200, card: GOOD_CARD }, 'lost-1');
    t.ctx.paymentProvider.createPayment = original;
    expect(lost.statusCode).toBe(500);
    expect(charged).toBeDefined();
    expect(await count('donations', `donor_id = ${donor.id}`)).toBe(0);

    // Ten minutes later the round reads it back and makes the gift.
    clock.now = new Date(clock.now.getTime() + 11 * 60 * 1000);
    expect(await settleOpenPayments()).toBeGreaterThanOrEqual(1);
    expect(await count('donations', `donor_id = ${donor.id} and status = 80 and source = 'card'`)).toBe(1);
    // Run again, and the donor's own retry: still one gift, one charge.
    await settleOpenPayments();
    const retry = await give(donor, { amount: 1_200, card: GOOD_CARD }, 'lost-1');
    expect(retry.statusCode).toBe(201);
    expect(await count('donations', `donor_id = ${donor.id}`)).toBe(1);
    expect(await count('sandbox_payments', `id = '${charged}'`)).toBe(1);
  });
});

describe('a recurring gift by card', () => {
  const DAY = 86_400_000;
  const runDue = () => t.jobs.find((job) => job.name === 'recurring donations')?.run();

  it('charges its saved card now and each period; a failing card is retried, mailed, and a new card pays', async () => {
    const donor = await t.createUser();
    const save = async (card: typeof GOOD_CARD) =>
      (await t.request('POST', '/api/user/payment_methods', { token: donor.token, body: { card } })).json()
        .payment_method;
    const failing = await save(FAILS_LATER_CARD);
    // A recurring gift by card needs a saved card, not one typed.
    const typed = await give(donor, { amount: 900, frequency: 3, card: GOOD_CARD });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.details.fields.payment_method_id).toMatch(/saved card/);
    // A first charge that is declined sets nothing up.
    const refused = await give(donor, { amount: 900, frequency: 3, payment_method_id: failing.id });
    expect(refused.statusCode).toBe(402);
    expect(await count('donation_subscriptions', `donor_id = ${donor.id}`)).toBe(0);

    const good = await save(GOOD_CARD);
    const res = await give(donor, { amount: 900, frequency: 3, payment_method_id: good.id });
    expect(res.statusCode).toBe(201);
    const { subscription, donation } = res.json();
    expect(subscription).toMatchObject({ source: 'card', status: 'active' });
    expect(donation).toMatchObject({ source: 'card', status: 80, subscription_id: subscription.id });

    // The donor moves the plan to the card that fails; next month's charge fails and is retried.
    await t.ctx.database.db.execute(
      sql`update donation_subscriptions set payment_method_id = ${failing.id} where id = ${subscription.id}`,
    );
    clock.now = new Date(clock.now.getTime() + 31 * DAY);
    await t.signIn(donor);
    await runDue();
    expect(await count('donations', `subscription_id = ${subscription.id}`)).toBe(1);
    expect(
      await count('subscription_retries', `subscription_id = ${subscription.id} and status = 'open'`),
    ).toBe(1);
    // The donor, signed in, chooses the good card again: the missed gift is paid at once.
    const mine = await t.request('GET', '/api/user/donation_subscriptions', { token: donor.token });
    expect(mine.json().items[0]).toMatchObject({
      id: subscription.id,
      missed: { period: expect.any(String) },
    });
    const chosen = await t.request('POST', `/api/user/donation_subscription/${subscription.id}/card`, {
      token: donor.token,
      body: { payment_method_id: good.id },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().subscription).toMatchObject({ payment_method_id: good.id, missed: null });
    // The retry's own day comes: nothing is left to try, one gift for the period, never two.
    clock.now = new Date(clock.now.getTime() + 3 * DAY);
    await runDue();
    expect(await count('donations', `subscription_id = ${subscription.id} and source = 'card'`)).toBe(2);
    // Someone else's plan, or a card that is not theirs, is refused.
    const other = await t.createUser();
    const notTheirs = await t.request('POST', `/api/user/donation_subscription/${subscription.id}/card`, {
      token: other.token,
      body: { payment_method_id: good.id },
    });
    expect(notTheirs.statusCode).toBe(400);
  });
});

describe('saved cards', () => {
  it('adds, lists (default first), makes default and removes; the next card becomes the default', async () => {
    const person = await t.createUser();
    const list = async () =>
      (await t.request('GET', '/api/user/payment_methods', { token: person.token })).json().items;
    expect(await list()).toEqual([]);
    const first = await t.request('POST', '/api/user/payment_methods', {
      token: person.token,
      body: { card: GOOD_CARD },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().payment_method).toMatchObject({
      brand: 'Visa',
      last4: '4242',
      label: 'Visa ending 4242',
      is_default: true,
    });
    const second = (
      await t.request('POST', '/api/user/payment_methods', {
        token: person.token,
        body: { card: { ...GOOD_CARD, number: '5555 5555 5555 4444' } },
      })
    ).json().payment_method;
    expect(second).toMatchObject({ brand: 'Mastercard', is_default: false });
    await t.request('POST', `/api/user/payment_methods/${second.id}/default`, { token: person.token });
    expect(
      (await list()).map((card: { id: number; is_default: boolean }) => [card.id, card.is_default]),
    ).toEqual([
      [second.id, true],
      [first.json().payment_method.id, false],
    ]);
    const after = await t.request('DELETE', `/api/user/payment_methods/${second.id}`, {
      token: person.token,
    });
    expect(after.json().items).toMatchObject([{ id: first.json().payment_method.id, is_default: true }]);
  });

  it('refuses a declined card, someone else’s card and an organisation’s cards to its employees', async () => {
    const person = await t.createUser();
    const refused = await t.request('POST', '/api/user/payment_methods', {
      token: person.token,
      body: { card: DECLINED_CARD },
    });
    expect(refused.statusCode).toBe(402);
    const other = await t.createUser();
    const card = (
      await t.request('POST', '/api/user/payment_methods', { token: other.token, body: { card: GOOD_CARD } })
    ).json().payment_method;
    expect(
      (await t.request('DELETE', `/api/user/payment_methods/${card.id}`, { token: person.token })).statusCode,
    ).toBe(404);
    await t.signIn(platform);
    const org = await makeOrganisation(t, platform, { members: [{ role: 99 }] });
    const saved = await t.request('POST', `/api/business/${org.id}/payment_methods`, {
      token: org.owner.token,
      body: { card: GOOD_CARD },
    });
    expect(saved.statusCode).toBe(201);
    const employee = org.members[0] as Person;
    expect(
      (await t.request('GET', `/api/business/${org.id}/payment_methods`, { token: employee.token }))
        .statusCode,
    ).toBe(403);
  });
});
