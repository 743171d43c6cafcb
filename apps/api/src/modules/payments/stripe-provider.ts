import type Stripe from 'stripe';
import {
  type PaymentProvider,
  type ProviderAccount,
  ProviderError,
  type ProviderEvent,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRecord,
  type ProviderRefund,
} from './provider.js';

/**
 * The API version the installed SDK (stripe 23.1.0) declares as its default (`ApiVersion` in the
 * package's apiVersion.js). Pinned so a dashboard upgrade never changes response shapes under us;
 * the SDK's `LatestApiVersion` type makes this fail to compile when the package moves on.
 */
const API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

type StripeSdk = typeof import('stripe').default;
let sdk: Promise<StripeSdk> | undefined;
/**
 * Stripe's SDK (about 20 MB resident) loads with the first call that needs it: a process on the
 * sandbox, or one that never takes a payment, never holds it.
 */
const loadStripe = () => {
  sdk ??= import('stripe').then((module) => module.default);
  return sdk;
};

export interface StripeProviderOptions {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

function paymentStatus(intent: Stripe.PaymentIntent): ProviderPaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'failed';
    case 'requires_payment_method':
      // Back to requires_payment_method after an attempt means that attempt failed.
      return intent.last_payment_error ? 'failed' : 'requires_action';
    case 'requires_confirmation':
    case 'requires_action':
      return 'requires_action';
    default:
      // A status newer than this adapter: not final, so ask again later.
      return 'processing';
  }
}

function toPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    id: intent.id,
    status: paymentStatus(intent),
    amount: intent.amount,
    currency: intent.currency.toUpperCase(),
    clientSecret: intent.client_secret,
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

function toAccount(account: Stripe.Account): ProviderAccount {
  const chargesEnabled = account.charges_enabled === true;
  const payoutsEnabled = account.payouts_enabled === true;
  return {
    id: account.id,
    status:
      chargesEnabled && payoutsEnabled ? 'active' : account.details_submitted ? 'restricted' : 'pending',
    chargesEnabled,
    payoutsEnabled,
  };
}

/** A card decline (a `StripeCardError`, or a raw error of that type), told without loading the SDK. */
function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return error instanceof Error && (error as { type?: unknown }).type === 'StripeCardError';
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Card declines become `declined: true`; everything else (network, auth, bad request) is not. */
function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  return new ProviderError(messageOf(error), isCardError(error));
}

/** Saved methods are kept as `cus_…:pm_…`: an off-session charge needs both. */
function splitMethodId(methodId: string): { customer: string; paymentMethod: string } {
  const separator = methodId.indexOf(':');
  const customer = methodId.slice(0, separator);
  const paymentMethod = methodId.slice(separator + 1);
  if (separator <= 0 || !paymentMethod) throw new ProviderError('Unknown card.', false);
  return { customer, paymentMethod };
}

/** The payment provider backed by Stripe (PaymentIntents, Elements, Connect Express accounts). */
export function stripeProvider(secretKey: string, options: StripeProviderOptions = {}): PaymentProvider {
  let client: Promise<Stripe> | undefined;
  const connect = () => {
    client ??= loadStripe().then(
      (StripeClient) =>
        new StripeClient(secretKey, {
          apiVersion: API_VERSION,
          maxNetworkRetries: 2,
          timeout: 20_000,
          ...(options.host !== undefined && { host: options.host }),
          ...(options.port !== undefined && { port: options.port }),
          ...(options.protocol !== undefined && { protocol: options.protocol }),
        }),
    );
    return client;
  };

  return {
    name: 'stripe',

    async createPayment(input) {
      const stripe = await connect();
      // `input.card` is ignored: with Stripe the browser confirms the intent with Elements. A saved
      // card is confirmed here; 3-D Secure, if its bank asks, is then finished in the browser.
      const saved = input.methodId ? splitMethodId(input.methodId) : null;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            description: input.description,
            metadata: input.metadata,
            ...(saved
              ? {
                  customer: saved.customer,
                  payment_method: saved.paymentMethod,
                  payment_method_types: ['card'],
                  confirm: true,
                }
              : { automatic_payment_methods: { enabled: true } }),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toPayment(intent);
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async retrievePayment(id) {
      const stripe = await connect();
      try {
        return toPayment(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async findPayment(input) {
      const stripe = await connect();
      try {
        const found = await stripe.paymentIntents.search({
          query: `metadata['kindred_payment_id']:'${input.reference.replace(/'/g, '')}'`,
          limit: 1,
        });
        const [intent] = found.data;
        return intent ? toPayment(intent) : null;
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async saveMethod(input) {
      const stripe = await connect();
      if (!input.methodId) throw new ProviderError('Card details go through Stripe Elements.', false);
      try {
        const customer = await stripe.customers.create();
        const method = await stripe.paymentMethods.attach(input.methodId, { customer: customer.id });
        const last4 = method.card?.last4;
        const brand = method.card?.display_brand ?? method.card?.brand;
        return {
          id: `${customer.id}:${method.id}`,
          label: last4 ? `Card ending ${last4}` : 'Saved card',
          ...(last4 && { last4 }),
          ...(brand && { brand: brand.charAt(0).toUpperCase() + brand.slice(1).replace(/_/g, ' ') }),
          ...(method.card && { expMonth: method.card.exp_month, expYear: method.card.exp_year }),
        };
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async chargeMethod(input) {
      const stripe = await connect();
      const { customer, paymentMethod } = splitMethodId(input.methodId);
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toPayment(intent);
      } catch (error) {
        if (isCardError(error)) {
          // Stripe still creates the intent; its id comes back on the error.
          const intent = error.payment_intent;
          return {
            id: intent?.id ?? '',
            status: 'failed',
            amount: input.amount,
            currency: input.currency.toUpperCase(),
            clientSecret: null,
            failureMessage: error.message,
          };
        }
        throw toProviderError(error);
      }
    },

    async refundPayment(input) {
      const stripe = await connect();
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentId,
            ...(input.amount !== undefined && { amount: input.amount }),
            ...(input.reference !== undefined && { metadata: { kindred_refund_id: input.reference } }),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toRefund(refund);
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async listRefunds(paymentId) {
      const stripe = await connect();
      try {
        const refunds = await stripe.refunds.list({ payment_intent: paymentId, limit: 100 });
        return refunds.data
          .filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
          .map(toRefund);
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async transfer(input) {
      const stripe = await connect();
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            destination: input.accountId,
            metadata: { kindred_payout_id: input.reference },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: transfer.id };
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async listRecords(since, until) {
      const stripe = await connect();
      const records: ProviderRecord[] = [];
      try {
        const created = { gte: Math.floor(since.getTime() / 1000), lt: Math.floor(until.getTime() / 1000) };
        for await (const bt of stripe.balanceTransactions.list({
          created,
          limit: 100,
          expand: ['data.source'],
        })) {
          const source = (bt.source ?? {}) as unknown as Record<string, unknown>;
          const at = new Date(bt.created * 1000);
          const text = (key: string) => (typeof source[key] === 'string' ? (source[key] as string) : null);
          if (bt.type === 'charge' || bt.type === 'payment') {
            const intent = text('payment_intent');
            if (intent)
              records.push({ kind: 'charge', id: intent, paymentId: intent, amount: bt.amount, at });
          } else if (bt.type === 'refund' || bt.type === 'payment_refund') {
            const id = text('id');
            if (id)
              records.push({ kind: 'refund', id, paymentId: text('payment_intent'), amount: -bt.amount, at });
          } else if (bt.type === 'adjustment' && text('object') === 'dispute' && bt.amount < 0) {
            const id = text('id');
            if (id)
              records.push({
                kind: 'dispute',
                id,
                paymentId: text('payment_intent'),
                amount: -bt.amount,
                at,
              });
          } else if (bt.type === 'transfer') {
            const id = text('id');
            if (id) records.push({ kind: 'transfer', id, paymentId: null, amount: -bt.amount, at });
          }
          if (records.length >= 10_000) break;
        }
      } catch (error) {
        throw toProviderError(error);
      }
      return records;
    },

    async upsertAccount(input) {
      const stripe = await connect();
      try {
        if (input.existingId) return toAccount(await stripe.accounts.retrieve(input.existingId));
        const account = await stripe.accounts.create({
          type: 'express',
          country: 'GB',
          ...(input.email ? { email: input.email } : {}),
          business_profile: { name: input.name },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { charity_id: String(input.charityId) },
        });
        return toAccount(account);
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async retrieveAccount(id) {
      const stripe = await connect();
      try {
        return toAccount(await stripe.accounts.retrieve(id));
      } catch (error) {
        throw toProviderError(error);
      }
    },
  };
}

/**
 * Checks a webhook's `Stripe-Signature` header against the raw request body and reads the event.
 * `paymentIntentId` is the PaymentIntent the event is about: the object itself for `payment_intent.*`
 * events, or the `payment_intent` a charge, refund or dispute points at; otherwise null.
 */
const toRefund = (refund: Stripe.Refund): ProviderRefund => ({
  id: refund.id,
  amount: refund.amount,
  reference: refund.metadata?.kindred_refund_id ?? null,
});

/** The payment a Stripe object belongs to: a PaymentIntent itself, or a charge's or dispute's. */
function paymentOf(object: Record<string, unknown>): string | null {
  if (object.object === 'payment_intent' && typeof object.id === 'string') return object.id;
  return typeof object.payment_intent === 'string' ? object.payment_intent : null;
}

/** A Stripe event in our words; the kinds we do not act on are `other`. */
export function stripeEventOf(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as unknown as Record<string, unknown>;
  const paymentId = paymentOf(object);
  const other: ProviderEvent = { id: event.id, type: 'other', name: event.type };
  if (!paymentId) return other;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'charge.refunded':
      return { id: event.id, type: event.type, paymentId };
    case 'payment_intent.payment_failed': {
      const error = object.last_payment_error as { message?: string } | null | undefined;
      return {
        id: event.id,
        type: event.type,
        paymentId,
        message: error?.message ?? 'The card payment did not go through.',
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      if (typeof object.id !== 'string' || typeof object.amount !== 'number') return other;
      const base = { id: event.id, paymentId, disputeId: object.id, amount: object.amount };
      if (event.type === 'charge.dispute.created') return { ...base, type: event.type };
      // Stripe closes a dispute won, lost, or as a warning (an inquiry) that took no money.
      return { ...base, type: event.type, outcome: object.status === 'lost' ? 'lost' : 'won' };
    }
    default:
      return other;
  }
}

export async function verifyStripeEvent(
  payload: string | Buffer,
  signature: string,
  webhookSecret: string,
  now: Date,
): Promise<ProviderEvent> {
  const StripeClient = await loadStripe();
  let event: Stripe.Event;
  try {
    // The signature's age is judged by the app's clock (Stripe's default tolerance of 5 minutes).
    event = StripeClient.webhooks.constructEvent(
      payload,
      signature,
      webhookSecret,
      undefined,
      undefined,
      now.getTime(),
    );
  } catch (error) {
    throw new Error(`Stripe webhook signature verification failed: ${messageOf(error)}`);
  }
  return stripeEventOf(event);
}
