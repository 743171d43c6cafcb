import {
  approvePayoutsBodySchema,
  fundsMonthSchema,
  PAYOUT_STATUSES,
  pageQuerySchema,
  pageSchema,
  payoutRequestBodySchema,
  payoutScheduleBodySchema,
  payoutScheduleSchema,
  payoutSchema,
  rejectPayoutBodySchema,
} from '@kindred/shared';
import { z } from 'zod';
import {
  callerIdempotency,
  created,
  idParams,
  moduleRoutes,
  pdfOrCsv,
  routeOptions,
  sendFile,
} from '../../platform/route-helpers.js';

const route = routeOptions(['payouts']);
const onePayout = z.object({ payout: payoutSchema });

/** Money out (docs/product/payouts-and-reconciliation.md): payouts, their approval and statements, the funds chart. */
export const payoutsRoutes = moduleRoutes(async (app, { payouts, payoutSchedules }) => {
  app.get(
    '/charity/:id/payouts',
    route.user(
      'A charity’s payouts, newest first (view_finance)',
      {
        params: idParams(),
        querystring: pageQuerySchema,
        answers: pageSchema(payoutSchema),
      },
      { scope: 'payouts:read' },
    ),
    async (request) => payouts.ofCharity(request.auth, request.params.id, request.query),
  );

  app.post(
    '/charity/:id/payouts',
    route.money('Ask for a payout of available money to the charity’s checked bank account', {
      description:
        'At least the platform’s minimum, at most what is available. Honours an Idempotency-Key header.',
      params: idParams(),
      body: payoutRequestBodySchema,
      makes: onePayout,
    }),
    async (request, reply) =>
      created(
        reply,
        payouts.request(
          request.auth,
          request.params.id,
          request.body,
          callerIdempotency(request, `payout:${request.params.id}`),
        ),
      ),
  );

  app.get(
    '/charity/:id/payouts/:payout_id/statement',
    route.user('A payout’s statement: the gifts it pays (PDF, or CSV with ?format=csv)', {
      params: idParams('id', 'payout_id'),
      ...pdfOrCsv,
    }),
    async (request, reply) =>
      sendFile(
        reply,
        payouts.statement(request.auth, request.params.id, request.params.payout_id, request.query.format),
      ),
  );

  app.get(
    '/charity/:id/payout_schedule',
    route.user('A charity’s automatic payouts', { params: idParams(), answers: payoutScheduleSchema }),
    async (request) => payoutSchedules.schedule(request.auth, request.params.id),
  );

  app.put(
    '/charity/:id/payout_schedule',
    route.user('Pay out all that is available weekly or monthly, or stop (null)', {
      params: idParams(),
      body: payoutScheduleBodySchema,
      answers: payoutScheduleSchema,
    }),
    async (request) => payoutSchedules.setSchedule(request.auth, request.params.id, request.body.frequency),
  );

  app.get(
    '/charity/:id/funds/by_month',
    route.user('The last 12 months of a charity’s money: received, refunded, paid out', {
      params: idParams(),
      answers: z.object({ months: z.array(fundsMonthSchema) }),
    }),
    async (request) => payouts.byMonth(request.auth, request.params.id),
  );

  app.get(
    '/admin/payouts',
    route.user('Every charity’s payouts, newest first; those asked for wait for approval (platform admins)', {
      querystring: pageQuerySchema.extend({ status: z.enum(PAYOUT_STATUSES).optional() }),
      answers: pageSchema(payoutSchema),
    }),
    async (request) => payouts.forPlatform(request.auth, request.query.status, request.query),
  );

  app.post(
    '/admin/payouts/approve',
    route.money(
      'Approve payouts asked for: each is paid through the payment provider, or fails with its money back',
      {
        description: 'Honours an Idempotency-Key header.',
        body: approvePayoutsBodySchema,
        response: { 200: z.object({ payouts: z.array(payoutSchema) }) },
      },
    ),
    async (request) =>
      payouts.approve(request.auth, request.body, callerIdempotency(request, 'payouts:approve')),
  );

  app.post(
    '/admin/payouts/:id/reject',
    route.user('Refuse a payout asked for, with the reason the charity sees; its money goes back', {
      params: idParams(),
      body: rejectPayoutBodySchema,
      answers: onePayout,
    }),
    async (request) => payouts.reject(request.auth, request.params.id, request.body.reason),
  );
});
