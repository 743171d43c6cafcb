import {
  businessFutureDonationsSchema,
  businessSubscriptionSchema,
  pageSchema,
  reportDonationsPageSchema,
  reportGroupsSchema,
  reportPageQuerySchema,
  reportQuerySchema,
  totalStatisticsSchema,
} from '@kindred/shared';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  idParam,
  idParams,
  moduleRoutes,
  routeOptions,
  sendAttachment,
} from '../../platform/route-helpers.js';

/** The organisation's `:id` and a `:type` of giving from `min` to `max`, refused with `choices`. */
function typeParams(min: number, max: number, choices: string, notANumber = choices) {
  const message = { message: choices };
  return z.object({
    id: idParam,
    type: z.coerce.number({ message: notANumber }).int().min(min, message).max(max, message),
  });
}
const kindParams = typeParams(2, 5, 'Choose 2 (funds), 3, 4 or 5.', 'Choose a kind of giving.');
const hoursParams = typeParams(3, 4, 'Choose 3 (volunteering) or 4 (skilled volunteering).');

const organisationRoute = routeOptions(['organisation']);
/** A report may be read with an API token holding `reports:read` (docs/product/webhooks-and-api-tokens.md#api-tokens). */
const route = {
  user: <Schema extends FastifySchema>(summary: string, schema: Schema) =>
    organisationRoute.user(summary, schema, { scope: 'reports:read' }),
};

/** An organisation's reports (issue 10, decision 024); its admins. */
export const businessReportsRoutes = moduleRoutes(async (app, { businessReports: reports }) => {
  app.get(
    '/business/total_statistics/:id',
    route.user('What the organisation gave and its employees volunteered, in total, by month and by kind', {
      params: idParams(),
      querystring: reportQuerySchema,
      answers: totalStatisticsSchema,
    }),
    async (request) => reports.totalStatistics(request.auth, request.params.id, request.query),
  );

  app.get(
    '/business/donations/:id',
    route.user('Every donation on behalf of the organisation, newest first', {
      params: idParams(),
      querystring: reportPageQuerySchema,
      answers: reportDonationsPageSchema,
    }),
    async (request) => reports.donations(request.auth, request.params.id, request.query),
  );

  app.get(
    '/business/donations_csv/:id',
    route.user('The organisation’s donations as CSV, newest first (at most 10,000)', {
      params: idParams(),
      querystring: reportQuerySchema,
      produces: ['text/csv'],
    }),
    async (request, reply) => {
      const file = await reports.donationsCsv(request.auth, request.params.id, request.query);
      return sendAttachment(reply, 'text/csv; charset=utf-8', file.filename, file.body);
    },
  );

  app.get(
    '/business/donations_by_type/:id/:type',
    route.user('The organisation’s donations of one kind of giving, newest first', {
      params: kindParams,
      querystring: reportPageQuerySchema,
      answers: reportDonationsPageSchema,
    }),
    async (request) => reports.byType(request.auth, request.params.id, request.params.type, request.query),
  );

  app.get(
    '/business/volunteering/:id/:type',
    route.user('The employees’ own volunteering (3) or skilled volunteering (4), newest first', {
      params: hoursParams,
      querystring: reportPageQuerySchema,
      answers: reportDonationsPageSchema,
    }),
    async (request) =>
      reports.volunteering(request.auth, request.params.id, request.params.type, request.query),
  );

  app.get(
    '/business/donations_by_charity/:id',
    route.user('What the organisation gave, by charity, most funds first', {
      params: idParams(),
      querystring: reportQuerySchema,
      answers: reportGroupsSchema,
    }),
    async (request) => reports.byCharity(request.auth, request.params.id, request.query),
  );

  app.get(
    '/business/donations_by_project/:id',
    route.user('What the organisation gave, by project, most funds first', {
      params: idParams(),
      querystring: reportQuerySchema,
      answers: reportGroupsSchema,
    }),
    async (request) => reports.byProject(request.auth, request.params.id, request.query),
  );

  app.get(
    '/business/future_donations/:id',
    route.user('The next occurrence of each of the organisation’s running recurring donations', {
      params: idParams(),
      querystring: reportQuerySchema,
      answers: businessFutureDonationsSchema,
    }),
    async (request) => reports.future(request.auth, request.params.id, request.query),
  );

  app.get(
    '/business/rejected_donations/:id',
    route.user('The organisation’s rejected donations, newest first', {
      params: idParams(),
      querystring: reportPageQuerySchema,
      answers: reportDonationsPageSchema,
    }),
    async (request) => reports.rejected(request.auth, request.params.id, request.query),
  );

  app.get(
    '/business/:id/donation_subscriptions',
    route.user('The organisation’s recurring donations, newest first', {
      params: idParams(),
      querystring: reportPageQuerySchema,
      answers: pageSchema(businessSubscriptionSchema),
    }),
    async (request) => reports.subscriptions(request.auth, request.params.id, request.query),
  );

  app.post(
    '/business/:id/cancel_donation_subscription/:subId',
    organisationRoute.user('Cancel one of the organisation’s recurring donations (its admins)', {
      params: idParams('id', 'subId'),
      answers: z.object({ subscription: businessSubscriptionSchema }),
    }),
    async (request) => reports.cancelSubscription(request.auth, request.params.id, request.params.subId),
  );
});
