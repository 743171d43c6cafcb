import {
  currentSubscriptionSchema,
  discountCodeBodySchema,
  discountCodeSchema,
  discountCodeUpdateBodySchema,
  invoiceSchema,
  orgSubscriptionSchema,
  planBodySchema,
  planSchema,
  planUpdateBodySchema,
  subscribeBodySchema,
  subscribeDirectDebitBodySchema,
  subscribeResponseSchema,
  subscriptionDiscountBodySchema,
  subscriptionPlanChangeBodySchema,
  subscriptionPreviewBodySchema,
  subscriptionPreviewSchema,
} from '@kindred/shared';
import { z } from 'zod';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import {
  callerIdempotency,
  created,
  idParams,
  moduleRoutes,
  paged,
  type RouteOptions,
  routeOptions,
  sendPdf,
} from '../../platform/route-helpers.js';
import type { AuthUser } from '../../plugins/auth.js';

const adminRoute = routeOptions(['admin']);
const route = routeOptions(['organisation']);

/**
 * Plans, discount codes, organisation subscriptions and invoices
 * (docs/product/organisations.md#subscriptions-and-invoices, decision 025).
 */
export const billingRoutes = moduleRoutes(async (app, { platformBilling, organisationSubscription }) => {
  /**
   * The three ways a subscription starts (a platform admin sets it, or the organisation takes it
   * paid from its wallet or by direct debit): money may move, so each honours an Idempotency-Key
   * and answers 201 with the subscription and its first invoice.
   */
  function subscribeRoute<Body extends z.ZodType>(
    path: string,
    tagged: RouteOptions,
    summary: string,
    body: Body,
    call: (
      auth: AuthUser | null,
      businessId: number,
      body: z.infer<Body>,
      idempotency: IdempotencyRequest,
    ) => Promise<z.infer<typeof subscribeResponseSchema>>,
  ) {
    app.post(
      path,
      tagged.money(summary, {
        params: idParams(),
        body,
        makes: subscribeResponseSchema,
      }),
      async (request, reply) => {
        const result = await call(
          request.auth,
          request.params.id,
          request.body as z.infer<Body>,
          callerIdempotency(request),
        );
        return reply.status(201).send(result);
      },
    );
  }

  // ---- Platform admins ----

  app.get(
    '/admin/subscription_plans',
    adminRoute.user('Every subscription plan, offered or not (platform admins)', {
      answers: z.object({ items: z.array(planSchema) }),
    }),
    async (request) => platformBilling.adminPlans(request.auth),
  );

  app.post(
    '/admin/subscription_plans',
    adminRoute.user('Add a subscription plan with a monthly (1) or annual (2) fee (platform admins)', {
      body: planBodySchema,
      makes: planSchema,
    }),
    async (request, reply) => created(reply, platformBilling.createPlan(request.auth, request.body)),
  );

  app.patch(
    '/admin/subscription_plans/:id',
    adminRoute.user(
      'Change a plan: name, description, fee (for periods invoiced later) or whether it is offered',
      { params: idParams(), body: planUpdateBodySchema, answers: planSchema },
    ),
    async (request) => platformBilling.updatePlan(request.auth, request.params.id, request.body),
  );

  app.get(
    '/admin/discount_codes',
    adminRoute.user('Every discount code with its uses, newest first (platform admins)', {
      ...paged(discountCodeSchema),
    }),
    async (request) => platformBilling.adminCodes(request.auth, request.query),
  );

  app.post(
    '/admin/discount_codes',
    adminRoute.user('Add a discount code: a percentage or fixed amount, an expiry and a maximum of uses', {
      body: discountCodeBodySchema,
      makes: discountCodeSchema,
    }),
    async (request, reply) => created(reply, platformBilling.createCode(request.auth, request.body)),
  );

  app.patch(
    '/admin/discount_codes/:id',
    adminRoute.user("Change a discount code's expiry, maximum of uses or whether it may be used", {
      params: idParams(),
      body: discountCodeUpdateBodySchema,
      answers: discountCodeSchema,
    }),
    async (request) => platformBilling.updateCode(request.auth, request.params.id, request.body),
  );

  subscribeRoute(
    '/admin/business/:id/subscription',
    adminRoute,
    "Set an organisation's subscription (platform admins): replaces the active one; the first invoice is paid from its wallet when it can be",
    subscribeBodySchema,
    (...args) => platformBilling.adminSet(...args),
  );

  // ---- The organisation ----

  app.get(
    '/business/:id/subscription/plans',
    route.user('The plans an organisation may subscribe to', {
      params: idParams(),
      answers: z.object({ items: z.array(planSchema) }),
    }),
    async (request) => organisationSubscription.plans(request.auth, request.params.id),
  );

  app.get(
    '/business/:id/subscription',
    route.user("The organisation's active subscription (null when it has none)", {
      params: idParams(),
      answers: currentSubscriptionSchema,
    }),
    async (request) => organisationSubscription.current(request.auth, request.params.id),
  );

  app.post(
    '/business/:id/subscription/current',
    route.user("The organisation's active subscription (null when it has none)", {
      params: idParams(),
      answers: currentSubscriptionSchema,
    }),
    async (request) => organisationSubscription.current(request.auth, request.params.id),
  );

  app.post(
    '/business/:id/subscription/preview',
    route.user(
      'What a plan costs the organisation for one period, with an optional discount code; with change, the next period of the active subscription on that plan (nothing is kept)',
      {
        params: idParams(),
        body: subscriptionPreviewBodySchema,
        answers: subscriptionPreviewSchema,
      },
    ),
    async (request) => organisationSubscription.preview(request.auth, request.params.id, request.body),
  );

  subscribeRoute(
    '/business/:id/subscription',
    route,
    "Subscribe to a plan, paying each period from the organisation's wallet (the first at once); accepts an Idempotency-Key",
    subscribeBodySchema,
    (...args) => organisationSubscription.subscribe(...args),
  );

  subscribeRoute(
    '/business/:id/subscription_with_direct_debit',
    route,
    'Subscribe to a plan paid by a direct debit (type 3): the card is kept and charged for each period, the first at once; accepts an Idempotency-Key',
    subscribeDirectDebitBodySchema,
    (...args) => organisationSubscription.subscribeWithDirectDebit(...args),
  );

  app.post(
    '/business/:id/subscription/discount',
    route.user(
      'Apply a discount code to the active subscription: it comes off every invoice from the next one',
      {
        params: idParams(),
        body: subscriptionDiscountBodySchema,
        response: { 200: z.object({ subscription: orgSubscriptionSchema }) },
      },
    ),
    async (request) =>
      organisationSubscription.applyDiscount(request.auth, request.params.id, request.body.discount_code),
  );

  app.patch(
    '/business/:id/subscription/plan',
    route.user(
      'Change the active subscription to another offered plan from its next period (its current plan: drop the change); nothing is charged now',
      {
        params: idParams(),
        body: subscriptionPlanChangeBodySchema,
        response: { 200: z.object({ subscription: orgSubscriptionSchema }) },
      },
    ),
    async (request) =>
      organisationSubscription.changePlan(request.auth, request.params.id, request.body.plan_id),
  );

  app.delete(
    '/business/:id/subscription',
    route.user('Cancel the active subscription: no further invoices (the paid period is not refunded)', {
      params: idParams(),
      answers: z.object({ subscription: orgSubscriptionSchema }),
    }),
    async (request) => organisationSubscription.cancel(request.auth, request.params.id),
  );

  app.get(
    '/business/:id/subscription_list',
    route.user("The organisation's subscriptions, newest first (the history)", {
      params: idParams(),
      ...paged(orgSubscriptionSchema),
    }),
    async (request) => organisationSubscription.history(request.auth, request.params.id, request.query),
  );

  app.get(
    '/business/:id/invoices',
    route.user("The organisation's subscription invoices, newest first", {
      params: idParams(),
      ...paged(invoiceSchema),
    }),
    async (request) => organisationSubscription.invoices(request.auth, request.params.id, request.query),
  );

  app.get(
    '/business/:id/invoices/:invoice_id/pdf',
    route.user('One invoice as a PDF', {
      params: idParams('id', 'invoice_id'),
      produces: ['application/pdf'],
    }),
    async (request, reply) =>
      sendPdf(
        reply,
        organisationSubscription.invoicePdf(request.auth, request.params.id, request.params.invoice_id),
      ),
  );
});
