import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOne } from '../../db/insert.js';
import { ledgerTransactions, payments, providerEvents } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/helpers.js';
import { stripeEvent } from '../../testing/stripe.js';
import { checkLedger } from '../ledger/ledger.check.js';

const WEBHOOK_SECRET = 'whsec_test_kindred_webhook';

let t: TestApp;
beforeAll(async () => {
  // The real Stripe adapter: a webhook only reads our database, so nothing reaches Stripe.
  t = await createTestApp({
    stripeSecretKey: 'sk_test_kindred_fake',
    stripePublishableKey: 'pk_test_kindred_fake',
    stripeWebhookSecret: WEBHOOK_SECRET,
  });
});
afterAll(async () => {
  expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  await t.close();
});

let counter = 0;

/** A Stripe event as Stripe sends it, about a PaymentIntent. */
function event(type: string, intent: { id: string; amount: number; status: string }, id?: string) {
  counter += 1;
  return stripeEvent(
    type,
    {
      object: 'payment_intent',
      amount_received: intent.status === 'succeeded' ? intent.amount : 0,
      currency: 'inr',
      client_secret: `${intent.id}_secret_x`,
      last_payment_error: null,
      metadata: {},
      ...intent,
    },
    { id: id ?? `evt_test_${counter}_${Math.random().toString(36).slice(2, 10)}`, created: new Date() },
  );
}

const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

function deliver(payload: string, signature: string | null = sign(payload)) {
  return t.request('POST', '/api/stripe/webhook', {
    payload,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
  });
}

/**
 * A deposit opened with Stripe and waiting for the browser to confirm it, straight in the database
 * (`more`: other columns, for a gift's payment).
 */
async function openStripePayment(
  userId: number,
  amount: number,
  more: Partial<typeof payments.$inferInsert> = {},
) {
  const providerPaymentId =
    more.providerPaymentId ?? `pi_test_${++counter}_${Math.random().toString(36).slice(2, 10)}`;
  const row = await insertOne(t.ctx.database.db, payments, {
    createdAt: t.ctx.now(),
    updatedAt: t.ctx.now(),
    ownerType: 'user',
    ownerId: userId,
    provider: 'stripe',
    providerPaymentId,
    amount,
    currency: t.ctx.config.currency,
    status: 'pending',
    createdBy: userId,
    ...more,
  });
  return { id: row.id, providerPaymentId, amount };
}

/**
 * A card gift to a new charity's project on Stripe whose answer was lost: the browser paid the
 * PaymentIntent, but the confirm never reached us (its payment is waiting, with the gift's intent).
 */
async function lostStripeGift(amount: number, charityName: string, donorEmail: 'kept' | 'none') {
  const { makeCharityWithProject, platformAdmin } = await import('../../testing/factories.js');
  const platform = await platformAdmin(t);
  const made = await makeCharityWithProject(t, { name: charityName, platform });
  const donor = await t.createUser();
  const row = await openStripePayment(donor.id, amount, {
    providerPaymentId: `pi_gift_${++counter}`,
    purpose: 'gift',
    status: 'requires_action',
    idempotencyScope: `user:${donor.id}`,
    idempotencyKey: `lost-${counter}`,
    intent: {
      target: { kind: 'project', id: made.projectId },
      body: { type: 2, amount, source: 'card' },
      donor: { ownerType: 'user', ownerId: donor.id },
      userId: donor.id,
      signoff: false,
      email: donorEmail === 'kept' ? donor.email : null,
    },
  });
  return { ...made, donor, row };
}

const walletOf = async (token: string) =>
  (await t.request('GET', '/api/user/wallet', { token })).json().wallet_amount as number;

async function paymentRow(id: number) {
  const [row] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

async function depositTransactions(paymentId: number) {
  const rows = await t.ctx.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(ledgerTransactions)
    .where(sql`${ledgerTransactions.reference} ->> 'payment_id' = ${String(paymentId)}`);
  return rows[0]?.n ?? 0;
}

describe('POST /api/stripe/webhook', () => {
  it('uses the Stripe provider in this app', async () => {
    expect(t.ctx.paymentProvider.name).toBe('stripe');
  });

  it('credits the wallet once for a signed payment_intent.succeeded of our payment', async () => {
    const user = await t.createUser();
    const payment = await openStripePayment(user.id, 25_000);
    expect(await walletOf(user.token)).toBe(0);

    const payload = event('payment_intent.succeeded', {
      id: payment.providerPaymentId,
      amount: payment.amount,
      status: 'succeeded',
    });
    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });

    expect(await walletOf(user.token)).toBe(25_000);
    const row = await paymentRow(payment.id);
    expect(row?.status).toBe('credited');
    expect(row?.ledgerTransactionId).not.toBeNull();
    expect(await depositTransactions(payment.id)).toBe(1);
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });

  it('credits once when Stripe delivers the same event twice (deduplicated by event id)', async () => {
    const user = await t.createUser();
    const payment = await openStripePayment(user.id, 7_500);
    const eventId = `evt_redelivered_${payment.id}`;
    const payload = event(
      'payment_intent.succeeded',
      { id: payment.providerPaymentId, amount: payment.amount, status: 'succeeded' },
      eventId,
    );

    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    // A redelivery is signed again (a new timestamp), with the same event id.
    const second = await deliver(payload, sign(payload));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });

    expect(await walletOf(user.token)).toBe(7_500);
    expect(await depositTransactions(payment.id)).toBe(1);
    const recorded = await t.ctx.database.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.id, eventId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.type).toBe('payment_intent.succeeded');
  });

  it('credits nothing more for another event about an already credited payment, nor on confirm', async () => {
    const user = await t.createUser();
    const payment = await openStripePayment(user.id, 1_200);
    const intent = { id: payment.providerPaymentId, amount: payment.amount, status: 'succeeded' };
    expect((await deliver(event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    // A different event id for the same PaymentIntent: creditOnce sees it is credited already.
    const again = await deliver(event('payment_intent.succeeded', intent));
    expect(again.json()).toEqual({ received: true, duplicate: false });
    // The browser's confirm after the webhook: credited already, so no call to Stripe and no credit.
    const confirm = await t.request('POST', '/api/user/deposit/confirm', {
      token: user.token,
      body: { payment_id: payment.id },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().payment.status).toBe('credited');
    expect(confirm.json().wallet.wallet_amount).toBe(1_200);

    expect(await walletOf(user.token)).toBe(1_200);
    expect(await depositTransactions(payment.id)).toBe(1);
  });

  it('answers 400 to a bad, foreign or missing signature and moves nothing', async () => {
    const user = await t.createUser();
    const payment = await openStripePayment(user.id, 9_900);
    const payload = event('payment_intent.succeeded', {
      id: payment.providerPaymentId,
      amount: payment.amount,
      status: 'succeeded',
    });
    const tampered = payload.replace('"amount":9900', '"amount":99000');
    expect(tampered).not.toBe(payload);

    const attempts = [
      deliver(payload, 't=1700000000,v1=deadbeef'),
      deliver(payload, sign(payload, 'whsec_someone_else')),
      deliver(tampered, sign(payload)),
      deliver(payload, null),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    }
    expect(await walletOf(user.token)).toBe(0);
    expect((await paymentRow(payment.id))?.status).toBe('pending');
    expect(await depositTransactions(payment.id)).toBe(0);

    // The same payment is credited by a properly signed event afterwards.
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(await walletOf(user.token)).toBe(9_900);
  });

  it('acknowledges events that move no money: other types and unknown PaymentIntents', async () => {
    const user = await t.createUser();
    const payment = await openStripePayment(user.id, 3_000);
    const failed = await deliver(
      event('payment_intent.payment_failed', {
        id: payment.providerPaymentId,
        amount: payment.amount,
        status: 'requires_payment_method',
      }),
    );
    expect(failed.statusCode).toBe(200);
    const unknown = await deliver(
      event('payment_intent.succeeded', { id: 'pi_not_ours', amount: 3_000, status: 'succeeded' }),
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, duplicate: false });

    expect(await walletOf(user.token)).toBe(0);
    expect((await paymentRow(payment.id))?.status).toBe('pending');
  });
});

describe('a gift by card whose answer was lost, on Stripe', () => {
  it('becomes its gift from payment_intent.succeeded, once however often it arrives', async () => {
    const { donor, row } = await lostStripeGift(6_000, 'Webhook Trust', 'kept');
    const { providerPaymentId } = row;
    const succeeded = () =>
      event('payment_intent.succeeded', { id: providerPaymentId, amount: 6_000, status: 'succeeded' });
    expect((await deliver(succeeded())).statusCode).toBe(200);
    expect((await deliver(succeeded())).statusCode).toBe(200);
    const gifts = await t.request('GET', '/api/user/donations', { token: donor.token });
    expect(gifts.json().items).toMatchObject([
      { source: 'card', amount: 6_000, payment_id: row.id, status: 80 },
    ]);
    // Not a deposit: the wallet is untouched.
    expect(await walletOf(donor.token)).toBe(0);
    expect((await paymentRow(row.id))?.status).toBe('credited');
  });
});

describe('disputes of a gift by card, from Stripe', () => {
  /** A card gift made on Stripe whose answer arrived by the webhook (as above), to dispute. */
  async function stripeGift(amount: number) {
    const { row, donor, charityId, admin } = await lostStripeGift(
      amount,
      `Dispute Trust ${++counter}`,
      'none',
    );
    const providerPaymentId = row.providerPaymentId as string;
    await deliver(event('payment_intent.succeeded', { id: providerPaymentId, amount, status: 'succeeded' }));
    const gift = async () =>
      (await t.request('GET', '/api/user/donations', { token: donor.token })).json().items[0];
    const funds = async () =>
      (await t.request('GET', `/api/charity/funds/${charityId}`, { token: admin.token })).json();
    return { providerPaymentId, gift, funds };
  }

  /** A Stripe dispute event (the object Stripe sends is the dispute). */
  const disputeEvent = (
    type: 'charge.dispute.created' | 'charge.dispute.closed',
    dispute: { id: string; amount: number; status: string; payment_intent: string },
    id?: string,
  ) => {
    counter += 1;
    return stripeEvent(
      type,
      { object: 'dispute', currency: 'inr', charge: 'ch_x', ...dispute },
      { id: id ?? `evt_dispute_${counter}`, created: new Date() },
    );
  };

  it('holds the money once however often the opening arrives, and a loss refunds the gift once', async () => {
    const { providerPaymentId, gift, funds } = await stripeGift(7_000);
    const dispute = { id: `dp_${counter}`, amount: 7_000, payment_intent: providerPaymentId };
    const opened = disputeEvent('charge.dispute.created', { ...dispute, status: 'needs_response' });
    const replies = await Promise.all([deliver(opened), deliver(opened), deliver(opened)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // The same dispute in a new event (Stripe sends one per change) changes nothing either.
    await deliver(disputeEvent('charge.dispute.created', { ...dispute, status: 'needs_response' }));
    expect((await gift()).dispute).toEqual({ status: 'open', amount: 7_000 });
    expect((await funds()).held).toBe(7_000);

    const lost = disputeEvent('charge.dispute.closed', { ...dispute, status: 'lost' });
    await deliver(lost);
    await deliver(lost);
    await deliver(disputeEvent('charge.dispute.closed', { ...dispute, status: 'lost' }));
    expect(await gift()).toMatchObject({ status: 90, refunded_amount: 7_000, dispute: { status: 'lost' } });
    expect((await gift()).refunds).toHaveLength(1);
    expect((await funds()).held).toBe(0);
  });

  it('settles a dispute closed before its opening arrives; the late opening changes nothing', async () => {
    const { providerPaymentId, gift, funds } = await stripeGift(3_000);
    const dispute = { id: `dp_${counter}`, amount: 3_000, payment_intent: providerPaymentId };
    await deliver(disputeEvent('charge.dispute.closed', { ...dispute, status: 'won' }));
    expect((await gift()).dispute).toEqual({ status: 'won', amount: 3_000 });
    await deliver(disputeEvent('charge.dispute.created', { ...dispute, status: 'needs_response' }));
    expect(await gift()).toMatchObject({ status: 80, refunded_amount: 0, dispute: { status: 'won' } });
    expect((await funds()).held).toBe(0);
  });

  it('releases the money of a dispute won', async () => {
    const { providerPaymentId, gift, funds } = await stripeGift(2_000);
    const dispute = { id: `dp_${counter}`, amount: 2_000, payment_intent: providerPaymentId };
    await deliver(disputeEvent('charge.dispute.created', { ...dispute, status: 'needs_response' }));
    await deliver(disputeEvent('charge.dispute.closed', { ...dispute, status: 'won' }));
    expect(await gift()).toMatchObject({ status: 80, refunded_amount: 0, dispute: { status: 'won' } });
    expect((await funds()).held).toBe(0);
  });
});
