import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stripeEvent } from '../../testing/stripe.js';
import { type PaymentProvider, ProviderError } from './provider.js';
import { stripeProvider, verifyStripeEvent } from './stripe-provider.js';

const SECRET_KEY = 'sk_test_kindred_fake';
const DECLINED_AMOUNT = 4002;
const TOO_SMALL_AMOUNT = 1;
const DECLINED_METHOD = 'pm_card_chargeDeclined';

interface RecordedRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  stripeVersion: string | undefined;
}

const requests: RecordedRequest[] = [];
let server: Server;
let port: number;
let counter = 0;

function paymentIntent(fields: Record<string, unknown>) {
  const id = (fields.id as string | undefined) ?? `pi_test_${++counter}`;
  return {
    id,
    object: 'payment_intent',
    amount: 2500,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: { enabled: true, allow_redirects: 'always' },
    capture_method: 'automatic',
    client_secret: `${id}_secret_abc123`,
    confirmation_method: 'automatic',
    created: 1_780_000_000,
    currency: 'gbp',
    customer: null,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    ...fields,
  };
}

const declineError = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
  doc_url: 'https://stripe.com/docs/error-codes/card-declined',
};

/** PaymentIntents that GET /v1/payment_intents/:id knows, one per Stripe status. */
const storedIntents = new Map<string, ReturnType<typeof paymentIntent>>(
  [
    paymentIntent({ id: 'pi_succeeded', status: 'succeeded', amount_received: 2500 }),
    paymentIntent({ id: 'pi_processing', status: 'processing' }),
    paymentIntent({
      id: 'pi_failed_attempt',
      status: 'requires_payment_method',
      last_payment_error: { ...declineError, message: 'Your card has insufficient funds.' },
    }),
    paymentIntent({ id: 'pi_canceled', status: 'canceled', cancellation_reason: 'abandoned' }),
    paymentIntent({ id: 'pi_new', status: 'requires_payment_method' }),
    paymentIntent({ id: 'pi_unconfirmed', status: 'requires_confirmation' }),
    paymentIntent({ id: 'pi_3ds', status: 'requires_action', next_action: { type: 'use_stripe_sdk' } }),
  ].map((intent) => [intent.id, intent]),
);

function account(id: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    object: 'account',
    type: 'express',
    country: 'GB',
    default_currency: 'gbp',
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    email: null,
    business_profile: { name: null },
    capabilities: {},
    metadata: {},
    requirements: { currently_due: [], disabled_reason: null },
    ...fields,
  };
}

const storedAccounts = new Map<string, ReturnType<typeof account>>([
  [
    'acct_active',
    account('acct_active', { charges_enabled: true, payouts_enabled: true, details_submitted: true }),
  ],
  ['acct_restricted', account('acct_restricted', { charges_enabled: true, details_submitted: true })],
]);

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
  res.end(JSON.stringify(body));
}

const notFound = (res: ServerResponse, id: string) =>
  send(res, 404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` },
  });

function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
  const method = req.method ?? 'GET';
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  const body = new URLSearchParams(raw);
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  requests.push({
    method,
    path,
    body,
    idempotencyKey: header('idempotency-key'),
    authorization: header('authorization'),
    stripeVersion: header('stripe-version'),
  });

  if (header('authorization') !== `Bearer ${SECRET_KEY}`) {
    return send(res, 401, {
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
    });
  }

  const idIn = (pattern: RegExp) => pattern.exec(path)?.[1];
  const intentId = idIn(/^\/v1\/payment_intents\/([^/]+)$/);
  const attachId = idIn(/^\/v1\/payment_methods\/([^/]+)\/attach$/);
  const accountId = idIn(/^\/v1\/accounts\/([^/]+)$/);
  if (method === 'POST' && path === '/v1/payment_intents') {
    const amount = Number(body.get('amount'));
    if (amount === TOO_SMALL_AMOUNT) {
      return send(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'amount_too_small',
          param: 'amount',
          message: 'Amount must be at least £0.30 gbp',
        },
      });
    }
    if (amount === DECLINED_AMOUNT) return send(res, 402, { error: declineError });
    const metadata: Record<string, string> = {};
    for (const [key, value] of body) {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      if (name) metadata[name] = value;
    }
    const fields = {
      amount,
      currency: body.get('currency'),
      description: body.get('description'),
      metadata,
      customer: body.get('customer'),
      payment_method: body.get('payment_method'),
    };
    if (body.get('confirm') === 'true') {
      if (body.get('payment_method') === DECLINED_METHOD) {
        const intent = paymentIntent({
          ...fields,
          id: 'pi_declined_off_session',
          status: 'requires_payment_method',
          last_payment_error: declineError,
        });
        return send(res, 402, { error: { ...declineError, charge: 'ch_declined', payment_intent: intent } });
      }
      return send(res, 200, paymentIntent({ ...fields, status: 'succeeded', amount_received: amount }));
    }
    return send(res, 200, paymentIntent(fields));
  }
  if (method === 'GET' && intentId) {
    const intent = storedIntents.get(intentId);
    return intent ? send(res, 200, intent) : notFound(res, intentId);
  }
  if (method === 'POST' && path === '/v1/customers') {
    return send(res, 200, {
      id: `cus_test_${++counter}`,
      object: 'customer',
      created: 1_780_000_000,
      email: null,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: {},
    });
  }
  if (method === 'POST' && attachId) {
    const id = attachId;
    const common = {
      id,
      object: 'payment_method',
      customer: body.get('customer'),
      livemode: false,
      metadata: {},
    };
    if (id === 'pm_bacs')
      return send(res, 200, { ...common, type: 'bacs_debit', bacs_debit: { last4: '2345' } });
    return send(res, 200, {
      ...common,
      type: 'card',
      card: { brand: 'visa', country: 'GB', exp_month: 12, exp_year: 2034, funding: 'credit', last4: '4242' },
    });
  }
  if (method === 'POST' && path === '/v1/transfers') {
    return send(res, 200, {
      id: `tr_test_${++counter}`,
      object: 'transfer',
      amount: Number(body.get('amount')),
      currency: body.get('currency'),
      destination: body.get('destination'),
      metadata: { kindred_payout_id: body.get('metadata[kindred_payout_id]') },
      created: 1_780_000_000,
      livemode: false,
      reversed: false,
    });
  }
  if (method === 'POST' && path === '/v1/refunds') {
    const refund = {
      id: `re_test_${++counter}`,
      object: 'refund',
      amount: Number(body.get('amount')),
      payment_intent: body.get('payment_intent'),
      metadata: { kindred_refund_id: body.get('metadata[kindred_refund_id]') },
      status: 'succeeded',
      created: 1_780_000_000,
    };
    storedRefunds.push(refund);
    return send(res, 200, refund);
  }
  if (method === 'GET' && path.startsWith('/v1/refunds')) {
    return send(res, 200, { object: 'list', data: storedRefunds, has_more: false, url: '/v1/refunds' });
  }
  if (method === 'POST' && path === '/v1/accounts') {
    const created = account(`acct_test_${++counter}`, {
      email: body.get('email'),
      business_profile: { name: body.get('business_profile[name]') },
      metadata: { charity_id: body.get('metadata[charity_id]') },
    });
    storedAccounts.set(created.id, created);
    return send(res, 200, created);
  }
  if (method === 'GET' && accountId) {
    const found = storedAccounts.get(accountId);
    return found ? send(res, 200, found) : notFound(res, accountId);
  }
  return send(res, 404, {
    error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
  });
}

let provider: PaymentProvider;
const storedRefunds: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => handle(req, res, raw));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  provider = stripeProvider(SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http' });
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

beforeEach(() => {
  requests.length = 0;
});

const lastRequest = () => {
  const request = requests.at(-1);
  if (!request) throw new Error('No request reached the fake Stripe.');
  return request;
};

/** A donation payment of the amount, as the donation service asks for one (with no card or metadata). */
const donationPayment = (amount: number, idempotencyKey: string) => ({
  amount,
  currency: 'GBP',
  description: 'Donation',
  metadata: {},
  idempotencyKey,
});

/** A monthly gift of 10.00 charged to a saved card, as the direct-debit job asks for it. */
const monthlyCharge = (methodId: string, idempotencyKey: string, metadata: Record<string, string> = {}) => ({
  methodId,
  amount: 1000,
  currency: 'GBP',
  description: 'Monthly gift',
  metadata,
  idempotencyKey,
});

describe('stripeProvider payments', () => {
  it('creates a PaymentIntent and maps it', async () => {
    const payment = await provider.createPayment({
      ...donationPayment(2500, 'donation-42'),
      description: 'Donation to Riverside Food Bank',
      metadata: { donation_id: '42', charity_id: '7' },
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });

    expect(payment).toEqual({
      id: expect.stringMatching(/^pi_test_/),
      status: 'requires_action',
      amount: 2500,
      currency: 'GBP',
      clientSecret: `${payment.id}_secret_abc123`,
      failureMessage: null,
    });
    expect(requests).toHaveLength(1);
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_intents');
    expect(request.body.get('amount')).toBe('2500');
    expect(request.body.get('currency')).toBe('gbp');
    expect(request.body.get('description')).toBe('Donation to Riverside Food Bank');
    expect(request.body.get('metadata[donation_id]')).toBe('42');
    expect(request.body.get('metadata[charity_id]')).toBe('7');
    expect(request.body.get('automatic_payment_methods[enabled]')).toBe('true');
    // The card typed into our form never goes to Stripe: Elements confirms in the browser.
    expect([...request.body.keys()].some((key) => key.includes('card') || key.includes('number'))).toBe(
      false,
    );
    expect(request.idempotencyKey).toBe('donation-42');
    expect(request.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.stripeVersion).toBe('2026-10-28.endive');
  });

  it.each([
    ['pi_succeeded', 'succeeded', null],
    ['pi_processing', 'processing', null],
    ['pi_failed_attempt', 'failed', 'Your card has insufficient funds.'],
    ['pi_canceled', 'failed', null],
    ['pi_new', 'requires_action', null],
    ['pi_unconfirmed', 'requires_action', null],
    ['pi_3ds', 'requires_action', null],
  ] as const)('retrieves %s as %s', async (id, status, failureMessage) => {
    const payment = await provider.retrievePayment(id);
    expect(payment).toEqual({
      id,
      status,
      amount: 2500,
      currency: 'GBP',
      clientSecret: `${id}_secret_abc123`,
      failureMessage,
    });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${id}` });
  });

  it('throws a declined ProviderError when Stripe declines the card on create', async () => {
    const attempt = provider.createPayment(donationPayment(DECLINED_AMOUNT, 'declined-1'));
    await expect(attempt).rejects.toBeInstanceOf(ProviderError);
    await expect(attempt).rejects.toMatchObject({ message: 'Your card was declined.', declined: true });
    // A 402 is final: no retries.
    expect(requests).toHaveLength(1);
  });

  it('throws a non-declined ProviderError for other Stripe errors', async () => {
    const tooSmall = provider.createPayment(donationPayment(TOO_SMALL_AMOUNT, 'small-1'));
    await expect(tooSmall).rejects.toMatchObject({
      name: 'ProviderError',
      message: 'Amount must be at least £0.30 gbp',
      declined: false,
    });

    await expect(provider.retrievePayment('pi_missing')).rejects.toMatchObject({
      name: 'ProviderError',
      message: "No such object: 'pi_missing'",
      declined: false,
    });

    const wrongKey = stripeProvider('sk_test_wrong', { host: '127.0.0.1', port, protocol: 'http' });
    await expect(wrongKey.retrievePayment('pi_succeeded')).rejects.toMatchObject({
      name: 'ProviderError',
      declined: false,
    });
    expect(lastRequest().authorization).toBe('Bearer sk_test_wrong');
  });
});

describe('stripeProvider saved cards', () => {
  it('needs a PaymentMethod from Elements', async () => {
    await expect(
      provider.saveMethod({
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      }),
    ).rejects.toMatchObject({
      name: 'ProviderError',
      message: 'Card details go through Stripe Elements.',
      declined: false,
    });
    expect(requests).toHaveLength(0);
  });

  it('creates a customer, attaches the method and labels it', async () => {
    const saved = await provider.saveMethod({ methodId: 'pm_card_visa' });

    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/payment_methods/pm_card_visa/attach',
    ]);
    const customer = requests[1]?.body.get('customer');
    expect(customer).toMatch(/^cus_test_/);
    expect(saved).toEqual({
      id: `${customer}:pm_card_visa`,
      label: 'Card ending 4242',
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
  });

  it('falls back to a generic label when the method is not a card', async () => {
    const saved = await provider.saveMethod({ methodId: 'pm_bacs' });
    expect(saved.label).toBe('Saved card');
    expect(saved.id).toMatch(/^cus_test_\d+:pm_bacs$/);
  });

  it('charges a saved card off session', async () => {
    const payment = await provider.chargeMethod(
      monthlyCharge('cus_abc:pm_card_visa', 'mandate-9-2026-01', { mandate_id: '9' }),
    );

    expect(payment).toMatchObject({
      status: 'succeeded',
      amount: 1000,
      currency: 'GBP',
      failureMessage: null,
    });
    const request = lastRequest();
    expect(request.path).toBe('/v1/payment_intents');
    expect(Object.fromEntries(request.body)).toEqual({
      amount: '1000',
      currency: 'gbp',
      customer: 'cus_abc',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      description: 'Monthly gift',
      'metadata[mandate_id]': '9',
    });
    expect(request.idempotencyKey).toBe('mandate-9-2026-01');
  });

  it('returns a failed payment, not an error, when an off-session charge is declined', async () => {
    const payment = await provider.chargeMethod(
      monthlyCharge(`cus_abc:${DECLINED_METHOD}`, 'mandate-9-2026-02'),
    );

    expect(payment).toEqual({
      id: 'pi_declined_off_session',
      status: 'failed',
      amount: 1000,
      currency: 'GBP',
      clientSecret: null,
      failureMessage: 'Your card was declined.',
    });
    expect(requests).toHaveLength(1);
  });

  it('rejects a saved method id that is not customer:method', async () => {
    await expect(provider.chargeMethod(monthlyCharge('pm_card_visa', 'bad-method'))).rejects.toMatchObject({
      name: 'ProviderError',
      declined: false,
    });
    expect(requests).toHaveLength(0);
  });
});

describe('stripeProvider connected accounts', () => {
  it('creates an Express account, then retrieves it', async () => {
    const created = await provider.upsertAccount({
      charityId: 7,
      email: 'hello@riverside.org',
      name: 'Riverside',
    });

    expect(created).toEqual({
      id: expect.stringMatching(/^acct_test_/),
      status: 'pending',
      chargesEnabled: false,
      payoutsEnabled: false,
    });
    const request = lastRequest();
    expect(request).toMatchObject({ method: 'POST', path: '/v1/accounts' });
    expect(request.body.get('type')).toBe('express');
    expect(request.body.get('country')).toBe('GB');
    expect(request.body.get('email')).toBe('hello@riverside.org');
    expect(request.body.get('business_profile[name]')).toBe('Riverside');
    expect(request.body.get('metadata[charity_id]')).toBe('7');

    const again = await provider.upsertAccount({ existingId: created.id, charityId: 7, name: 'Riverside' });
    expect(again).toEqual(created);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/accounts/${created.id}` });
  });

  it('pays a payout as a Connect transfer to the charity’s account, with the payout’s key and id', async () => {
    const transfer = await provider.transfer({
      accountId: 'acct_charity',
      amount: 7_000,
      currency: 'GBP',
      idempotencyKey: 'kindred-payout-9',
      reference: '9',
    });
    expect(transfer.id).toMatch(/^tr_test_/);
    const request = lastRequest();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/transfers',
      idempotencyKey: 'kindred-payout-9',
    });
    expect(request.body.get('destination')).toBe('acct_charity');
    expect(request.body.get('amount')).toBe('7000');
    expect(request.body.get('currency')).toBe('gbp');
    expect(request.body.get('metadata[kindred_payout_id]')).toBe('9');
  });

  it('refunds part of a payment with our refund’s id, and lists the payment’s refunds', async () => {
    const refund = await provider.refundPayment({
      paymentId: 'pi_refunded',
      amount: 1_500,
      idempotencyKey: 'kindred-refund-4',
      reference: '4',
    });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_test_/), amount: 1_500, reference: '4' });
    const request = lastRequest();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      idempotencyKey: 'kindred-refund-4',
    });
    expect(request.body.get('metadata[kindred_refund_id]')).toBe('4');
    expect(await provider.listRefunds('pi_refunded')).toEqual([refund]);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/refunds' });
  });

  it('leaves the email out when the charity has none', async () => {
    await provider.upsertAccount({ charityId: 8, email: null, name: 'Hillside' });
    expect(lastRequest().body.has('email')).toBe(false);
  });

  it.each([
    ['acct_active', 'active', true, true],
    ['acct_restricted', 'restricted', true, false],
  ] as const)('retrieves %s as %s', async (id, status, chargesEnabled, payoutsEnabled) => {
    expect(await provider.retrieveAccount(id)).toEqual({ id, status, chargesEnabled, payoutsEnabled });
    expect(await provider.upsertAccount({ existingId: id, charityId: 1, name: 'x' })).toMatchObject({
      status,
    });
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});

describe('verifyStripeEvent', async () => {
  const webhookSecret = 'whsec_test_kindred';
  // The app's clock: signatures are judged by it, not by the machine's.
  const now = new Date('2026-11-22T09:00:00Z');
  const event = (type: string, object: Record<string, unknown>) =>
    stripeEvent(type, object, { id: 'evt_1', created: now });
  const succeeded = event(
    'payment_intent.succeeded',
    paymentIntent({ id: 'pi_webhook', status: 'succeeded' }),
  );
  const sign = (payload: string, secret = webhookSecret, at = now) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });

  it('accepts a signed payload and finds the PaymentIntent', async () => {
    const signature = sign(succeeded);
    const expected = { id: 'evt_1', type: 'payment_intent.succeeded', paymentId: 'pi_webhook' };
    await expect(verifyStripeEvent(succeeded, signature, webhookSecret, now)).resolves.toEqual(expected);
    await expect(verifyStripeEvent(Buffer.from(succeeded), signature, webhookSecret, now)).resolves.toEqual(
      expected,
    );
  });

  it('reads the PaymentIntent of a charge and of a dispute, and names the events it does not act on', async () => {
    const charge = event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_charged' });
    await expect(verifyStripeEvent(charge, sign(charge), webhookSecret, now)).resolves.toEqual({
      id: 'evt_1',
      type: 'charge.refunded',
      paymentId: 'pi_charged',
    });
    const closed = event('charge.dispute.closed', {
      id: 'dp_1',
      object: 'dispute',
      amount: 4_000,
      status: 'lost',
      payment_intent: 'pi_charged',
    });
    await expect(verifyStripeEvent(closed, sign(closed), webhookSecret, now)).resolves.toEqual({
      id: 'evt_1',
      type: 'charge.dispute.closed',
      paymentId: 'pi_charged',
      disputeId: 'dp_1',
      amount: 4_000,
      outcome: 'lost',
    });
    const updated = event('account.updated', account('acct_active'));
    await expect(verifyStripeEvent(updated, sign(updated), webhookSecret, now)).resolves.toEqual({
      id: 'evt_1',
      type: 'other',
      name: 'account.updated',
    });
  });

  it('rejects a tampered payload', async () => {
    const signature = sign(succeeded);
    const tampered = succeeded.replace('pi_webhook', 'pi_attacker');
    await expect(verifyStripeEvent(tampered, signature, webhookSecret, now)).rejects.toThrow(/signature/i);
  });

  it('rejects a payload signed with another secret', async () => {
    const signature = sign(succeeded, 'whsec_someone_else');
    await expect(verifyStripeEvent(succeeded, signature, webhookSecret, now)).rejects.toThrow(/signature/i);
  });

  it('rejects a signature older than five minutes by the app clock', async () => {
    const signedEarlier = sign(succeeded, webhookSecret, new Date(now.getTime() - 6 * 60 * 1000));
    await expect(verifyStripeEvent(succeeded, signedEarlier, webhookSecret, now)).rejects.toThrow(
      /signature/i,
    );
    const signedJustBefore = sign(succeeded, webhookSecret, new Date(now.getTime() - 4 * 60 * 1000));
    expect((await verifyStripeEvent(succeeded, signedJustBefore, webhookSecret, now)).id).toBe('evt_1');
  });

  it('rejects a missing or malformed signature header', async () => {
    await expect(verifyStripeEvent(succeeded, '', webhookSecret, now)).rejects.toThrow(/signature/i);
    await expect(verifyStripeEvent(succeeded, 't=1,v1=deadbeef', webhookSecret, now)).rejects.toThrow(
      /signature/i,
    );
  });
});
