import {
  businessDirectDebitBodySchema,
  confirmDepositBodySchema,
  depositBodySchema,
  depositResponseSchema,
  directDebitBodySchema,
  directDebitSchema,
  pageQuerySchema,
  pageSchema,
  paymentMethodListSchema,
  paymentSchema,
  payoutAccountForReviewSchema,
  providerAccountBodySchema,
  providerAccountSchema,
  savePaymentMethodBodySchema,
  savePaymentMethodResponseSchema,
} from '@kindred/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.js';
import {
  callerIdempotency,
  created,
  idParams,
  moduleRoutes,
  routeOptions,
} from '../../platform/route-helpers.js';
import { currentUser } from '../../plugins/auth.js';
import type { MoneyOwner } from './money-owner.js';
import { ProviderError } from './provider.js';
import type { SandboxProvider } from './sandbox-provider.js';
import { verifyStripeEvent } from './stripe-provider.js';

const depositCreated = z.object({ payment: paymentSchema });

const walletRoute = routeOptions(['wallet']);
const directDebitRoute = routeOptions(['direct debits']);
const adminRoute = routeOptions(['admin']);
const charityRoute = routeOptions(['charity']);
const cardsRoute = routeOptions(['saved cards']);

const sandboxAuthenticateBody = z.object({
  client_secret: z.string().min(1).max(200),
  outcome: z.enum(['complete', 'fail']),
});
const sandboxPaymentAnswer = z.object({
  id: z.string(),
  status: z.enum(['requires_action', 'processing', 'succeeded', 'failed', 'refunded']),
});

/** Deposits through the payment provider, direct debits, charity payout accounts and provider webhooks. */
export const paymentsRoutes = moduleRoutes(
  async (
    app,
    {
      payments,
      directDebits: debits,
      providerAccounts: accounts,
      paymentMethods: cards,
      cardGifts,
      providerEvents,
    },
    ctx,
  ) => {
    const user = (userId: number): MoneyOwner => ({ ownerType: 'user', ownerId: userId });
    const business = (businessId: number): MoneyOwner => ({ ownerType: 'business', ownerId: businessId });

    // Saved cards and deposits: a person's under /user, an organisation's under /business/{id}.
    const sides = [
      {
        base: '/user',
        ownerParams: undefined,
        cardParams: idParams('methodId'),
        owner: (request: FastifyRequest) => user(currentUser(request).id),
        cards: {
          list: 'My saved cards, the default first',
          save: 'Save a card (the sandbox saves the card typed; with Stripe, the PaymentMethod made by Elements)',
          makeDefault: 'Make one of my saved cards the default',
          remove: 'Remove one of my saved cards',
        },
        deposits: {
          deposit: 'Add money to my wallet: opens a payment (the sandbox charges the card at once)',
          confirmPath: '/user/deposit/confirm',
          confirm: 'Confirm a payment: credits my wallet once, however often it is called',
        },
      },
      {
        base: '/business/:id',
        ownerParams: idParams(),
        cardParams: idParams('id', 'methodId'),
        owner: (request: FastifyRequest) => business(idParams().parse(request.params).id),
        cards: {
          list: "An organisation's saved cards (its Super Admins and Admins)",
          save: 'Save a card for an organisation',
          makeDefault: "Make one of an organisation's saved cards the default",
          remove: "Remove one of an organisation's saved cards",
        },
        deposits: {
          deposit: "Add money to an organisation's wallet",
          confirmPath: '/business/:id/confirm',
          confirm: "Confirm a payment into an organisation's wallet (credited once)",
        },
      },
    ] as const;

    for (const side of sides) {
      app.get(
        `${side.base}/payment_methods`,
        cardsRoute.user(side.cards.list, {
          params: side.ownerParams,
          response: { 200: paymentMethodListSchema },
        }),
        async (request) => cards.list(request.auth, side.owner(request)),
      );
      app.post(
        `${side.base}/payment_methods`,
        cardsRoute.user(side.cards.save, {
          params: side.ownerParams,
          body: savePaymentMethodBodySchema,
          response: { 201: savePaymentMethodResponseSchema },
        }),
        async (request, reply) => created(reply, cards.save(request.auth, side.owner(request), request.body)),
      );
      app.post(
        `${side.base}/payment_methods/:methodId/default`,
        cardsRoute.user(side.cards.makeDefault, {
          params: side.cardParams,
          response: { 200: savePaymentMethodResponseSchema },
        }),
        async (request) => cards.makeDefault(request.auth, side.owner(request), request.params.methodId),
      );
      app.delete(
        `${side.base}/payment_methods/:methodId`,
        cardsRoute.user(side.cards.remove, {
          params: side.cardParams,
          response: { 200: paymentMethodListSchema },
        }),
        async (request) => cards.remove(request.auth, side.owner(request), request.params.methodId),
      );
    }

    app.post(
      '/sandbox/authenticate',
      routeOptions(['payments']).public(
        "The sandbox's 3-D Secure step: the giver completes or fails it (only while the sandbox takes payments)",
        {
          body: sandboxAuthenticateBody,
          response: { 200: sandboxPaymentAnswer },
        },
      ),
      async (request) => {
        const provider = ctx.paymentProvider;
        if (provider.name !== 'sandbox' || !('authenticate' in provider))
          throw new AppError(404, 'NOT_FOUND', 'The sandbox does not take payments here.');
        try {
          const payment = await (provider as SandboxProvider).authenticate(
            request.body.client_secret,
            request.body.outcome,
          );
          return { id: payment.id, status: payment.status };
        } catch (error) {
          // A secret the sandbox never gave out names no payment.
          if (error instanceof ProviderError) throw notFound('The payment');
          throw error;
        }
      },
    );

    for (const side of sides) {
      app.post(
        `${side.base}/deposit`,
        walletRoute.money(side.deposits.deposit, {
          params: side.ownerParams,
          body: depositBodySchema,
          response: { 201: depositCreated },
        }),
        async (request, reply) => {
          const result = await payments.deposit(
            request.auth,
            side.owner(request),
            request.body,
            currentUser(request).id,
            callerIdempotency(request),
          );
          return reply.status(201).send(result.body);
        },
      );

      app.post(
        side.deposits.confirmPath,
        walletRoute.money(side.deposits.confirm, {
          params: side.ownerParams,
          body: confirmDepositBodySchema,
          response: { 200: depositResponseSchema },
        }),
        async (request) => {
          const result = await payments.confirm(
            request.auth,
            side.owner(request),
            request.body.payment_id,
            callerIdempotency(request),
          );
          return result.body;
        },
      );
    }

    app.post(
      '/user/create_direct_debit',
      directDebitRoute.money('Set up a direct debit that tops up my wallet', {
        body: directDebitBodySchema,
        response: { 201: directDebitSchema },
      }),
      async (request, reply) => {
        const caller = currentUser(request);
        const created = await debits.create(
          request.auth,
          user(caller.id),
          { ...request.body, type: 1 },
          caller.id,
          callerIdempotency(request),
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/user/direct_debits',
      directDebitRoute.user('My direct debits', { response: { 200: pageSchema(directDebitSchema) } }),
      async (request) => debits.list(request.auth, user(currentUser(request).id)),
    );

    app.delete(
      '/user/direct_debit/:debitId',
      directDebitRoute.user('Cancel one of my direct debits', {
        params: idParams('debitId'),
        response: { 200: directDebitSchema },
      }),
      async (request) => debits.cancel(request.auth, user(currentUser(request).id), request.params.debitId),
    );

    app.post(
      '/business/direct_debit/:id',
      directDebitRoute.money(
        "Set up an organisation's direct debit: wallet top-up (1) or charity subscription (3)",
        {
          params: idParams(),
          body: businessDirectDebitBodySchema,
          response: { 201: directDebitSchema },
        },
      ),
      async (request, reply) => {
        const caller = currentUser(request);
        return created(
          reply,
          debits.create(
            request.auth,
            business(request.params.id),
            request.body,
            caller.id,
            callerIdempotency(request),
          ),
        );
      },
    );

    app.get(
      '/business/:id/direct_debits',
      directDebitRoute.user("An organisation's direct debits", {
        params: idParams(),
        response: { 200: pageSchema(directDebitSchema) },
      }),
      async (request) => debits.list(request.auth, business(request.params.id)),
    );

    app.delete(
      '/business/:id/direct_debit/:debitId',
      directDebitRoute.user("Cancel an organisation's direct debit", {
        params: idParams('id', 'debitId'),
        response: { 200: directDebitSchema },
      }),
      async (request) => debits.cancel(request.auth, business(request.params.id), request.params.debitId),
    );

    app.get(
      '/admin/direct_debits_list',
      adminRoute.user('Every direct debit, newest first', {
        querystring: pageQuerySchema.extend({
          status: z.enum(['active', 'cancelled', 'failed']).optional(),
        }),
        response: { 200: pageSchema(directDebitSchema) },
      }),
      async (request) => debits.adminList(request.auth, request.query, request.query.status),
    );

    app.patch(
      '/stripe/account',
      charityRoute.user(
        "Create or refresh a charity's payout account with the payment provider (charity admins)",
        { body: providerAccountBodySchema, response: { 200: providerAccountSchema } },
      ),
      async (request) => accounts.upsert(request.auth, request.body.charity_id, request.body.bank),
    );

    app.get(
      '/stripe/account/:id',
      charityRoute.user("A charity's payout account", {
        params: idParams(),
        response: { 200: providerAccountSchema },
      }),
      async (request) => accounts.get(request.auth, request.params.id),
    );

    app.get(
      '/admin/payout_accounts',
      adminRoute.user('Charities’ payout accounts, those waiting for a check first (platform admins)', {
        querystring: z.object({ verified: z.enum(['true', 'false']).optional() }),
        response: { 200: z.object({ items: z.array(payoutAccountForReviewSchema) }) },
      }),
      async (request) =>
        accounts.forReview(
          request.auth,
          request.query.verified === undefined ? undefined : request.query.verified === 'true',
        ),
    );

    app.post(
      '/admin/payout_accounts/:id/verify',
      adminRoute.user('Mark a charity’s payout account checked: payouts may be paid into it', {
        params: idParams(),
        response: { 200: providerAccountSchema },
      }),
      async (request) => accounts.verify(request.auth, request.params.id),
    );

    // Stripe signs the raw body: this route reads it unparsed.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.post(
        '/stripe/webhook',
        {
          config: { auth: 'public', rateLimit: false },
          schema: { tags: ['payments'], summary: 'Payment provider events (signed)', hide: true },
        },
        async (request) => {
          const secret = ctx.config.stripeWebhookSecret;
          if (!secret || ctx.paymentProvider.name !== 'stripe') {
            throw new AppError(404, 'NOT_CONFIGURED', 'Webhooks are not configured.');
          }
          const signature = request.headers['stripe-signature'];
          let event: Awaited<ReturnType<typeof verifyStripeEvent>>;
          try {
            event = await verifyStripeEvent(
              request.body as Buffer,
              String(signature ?? ''),
              secret,
              ctx.now(),
            );
          } catch {
            throw new AppError(400, 'INVALID_SIGNATURE', 'The webhook signature is not valid.');
          }
          // Each event is applied once: what it changes is keyed by the provider's own ids, and its
          // id is recorded once it has been applied (a failure answers 500, and Stripe sends it again).
          if (await accounts.eventSeen(event.id)) return { received: true, duplicate: true };
          if (event.type === 'payment_intent.succeeded') {
            // A deposit is credited; a gift's payment becomes its gift (if its answer was lost).
            if (!(await payments.paymentSucceeded(event.paymentId)))
              await cardGifts.providerSucceeded(event.paymentId);
          } else await providerEvents.handle(event);
          const fresh = await accounts.recordEvent(
            event.id,
            event.type === 'other' ? event.name : event.type,
          );
          return { received: true, duplicate: !fresh };
        },
      );
    });
  },
);
