import {
  answerRefundRequestBodySchema,
  donationSchema,
  pageQuerySchema,
  pageSchema,
  REFUND_REQUEST_STATUSES,
  refundAnswerSchema,
  refundBodySchema,
  refundRequestBodySchema,
  refundRequestSchema,
  refundSchema,
  sandboxEventBodySchema,
} from '@kindred/shared';
import { z } from 'zod';
import {
  callerIdempotency,
  created,
  idParams,
  moduleRoutes,
  routeOptions,
  sendPdf,
} from '../../platform/route-helpers.js';

const route = routeOptions(['refunds']);
const requestWithGift = refundRequestSchema.extend({ donation: donationSchema });

/** Money back (docs/product/refunds-and-disputes.md): refunds, givers' requests, credit notes, the sandbox's events. */
export const refundsRoutes = moduleRoutes(async (app, { refunds, providerEvents }) => {
  app.post(
    '/donation/:id/refund',
    route.money(
      'Refund all or part of a gift of funds, back the way it came (the charity’s admins, platform admins)',
      {
        description:
          'Without `amount`, all that is left of the gift. A full refund ends the gift at 90. Its match is reduced in proportion, its Gift Aid reduced (or, once claimed, deducted from the next claim), and the giver gets a credit note. A refund to a card goes through the payment provider. Honours an Idempotency-Key header.',
        params: idParams(),
        body: refundBodySchema,
        response: { 201: refundAnswerSchema },
      },
    ),
    async (request, reply) =>
      created(
        reply,
        refunds.refund(
          request.auth,
          request.params.id,
          request.body,
          callerIdempotency(request, `refund:${request.params.id}`),
        ),
      ),
  );

  app.post(
    '/donation/:id/refund_request',
    route.user('The giver asks for a refund, within 30 days of giving', {
      params: idParams(),
      body: refundRequestBodySchema,
      response: { 201: z.object({ refund_request: refundRequestSchema }) },
    }),
    async (request, reply) =>
      created(reply, refunds.requestRefund(request.auth, request.params.id, request.body)),
  );

  app.get(
    '/charity/:id/refund_requests',
    route.user('Givers’ requests for a refund to a charity and its projects, newest first', {
      params: idParams(),
      querystring: pageQuerySchema.extend({ status: z.enum(REFUND_REQUEST_STATUSES).optional() }),
      response: { 200: pageSchema(requestWithGift) },
    }),
    async (request) =>
      refunds.requestsOfCharity(request.auth, request.params.id, request.query.status, request.query),
  );

  app.post(
    '/charity/:id/refund_requests/:request_id',
    route.money(
      'Accept a giver’s request (what is left of the gift is refunded) or decline it with a reason',
      {
        description: 'Honours an Idempotency-Key header.',
        params: idParams('id', 'request_id'),
        body: answerRefundRequestBodySchema,
        response: { 200: z.object({ refund_request: refundRequestSchema, refund: refundSchema.nullable() }) },
      },
    ),
    async (request) =>
      refunds.answerRequest(
        request.auth,
        request.params.id,
        request.params.request_id,
        request.body,
        callerIdempotency(request, `refund_request:${request.params.request_id}`),
      ),
  );

  app.get(
    '/donation/:id/refunds/:refund_id/credit_note',
    route.user('The credit note of a refund (PDF), to whoever may see the gift', {
      params: idParams('id', 'refund_id'),
      produces: ['application/pdf'],
    }),
    async (request, reply) =>
      sendPdf(reply, refunds.creditNote(request.auth, request.params.id, request.params.refund_id)),
  );

  const manageParams = z.object({ token: z.string().min(1).max(120) });
  app.get(
    '/manage/:token/credit_note/:refund_id',
    route.public("A mail's link: a credit note of its gift (PDF)", {
      params: manageParams.extend({ refund_id: idParams('refund_id').shape.refund_id }),
      produces: ['application/pdf'],
    }),
    async (request, reply) =>
      sendPdf(reply, refunds.creditNoteByLink(request.params.token, request.params.refund_id)),
  );
  app.post(
    '/manage/:token/refund_request',
    route.public("A mail's link: the giver asks for a refund of its gift, within 30 days", {
      params: manageParams,
      body: refundRequestBodySchema,
      response: { 201: z.object({ refund_request: refundRequestSchema }) },
    }),
    async (request, reply) => created(reply, refunds.requestRefundByLink(request.params.token, request.body)),
  );

  app.post(
    '/sandbox/events',
    route.user(
      'Raise a payment provider event in the sandbox: a refund at the provider, a dispute, a failed charge',
      {
        description:
          'Platform admins, and only while the sandbox is the payment provider. The sandbox records it as a provider would and delivers it as its event, handled as Stripe’s would be.',
        body: sandboxEventBodySchema,
        response: {
          200: z.object({ event: z.object({ id: z.string(), type: z.string() }), donation: donationSchema }),
        },
      },
    ),
    async (request) => providerEvents.raiseInSandbox(request.auth, request.body),
  );
});
