import {
  matchedDonationSchema,
  matchingPreviewQuerySchema,
  matchingPreviewSchema,
  matchingSettingsBodySchema,
  matchingSettingsSchema,
  myMatchingSchema,
} from '@kindred/shared';
import { idParams, moduleRoutes, paged, routeOptions } from '../../platform/route-helpers.js';

const route = routeOptions(['organisation']);

/** Matching of employees' gifts (docs/product/organisations.md#matching, decision 024). */
export const matchingRoutes = moduleRoutes(async (app, { matching }) => {
  app.get(
    '/business/:id/matching',
    route.user('The matching settings, this year’s budget left and when it is expected to run out (admins)', {
      params: idParams(),
      answers: matchingSettingsSchema,
    }),
    async (request) => matching.get(request.auth, request.params.id),
  );

  app.put(
    '/business/:id/matching',
    route.user('Set the matching: ratio, cap per employee per year, annual budget (admins)', {
      params: idParams(),
      body: matchingSettingsBodySchema,
      answers: matchingSettingsSchema,
    }),
    async (request) => matching.set(request.auth, request.params.id, request.body),
  );

  app.get(
    '/business/:id/matching/donations',
    route.user(
      'Matched donations: the organisation’s matches with the employees’ gifts they answer (admins)',
      {
        params: idParams(),
        ...paged(matchedDonationSchema),
      },
    ),
    async (request) => matching.matched(request.auth, request.params.id, request.query),
  );

  app.get(
    '/business/:id/matching/mine',
    route.user('What the organisation matches of my gifts this year (its members)', {
      params: idParams(),
      answers: myMatchingSchema,
    }),
    async (request) => matching.mine(request.auth, request.params.id),
  );

  app.get(
    '/user/matching_preview',
    route.user(
      'What my organisations would add to a one-off gift of this amount from my wallet, made now (the give flow)',
      { querystring: matchingPreviewQuerySchema, answers: matchingPreviewSchema },
    ),
    async (request) => matching.preview(request.auth, request.query.amount),
  );

  app.get(
    '/business/:id/matching/mine/donations',
    route.user('The organisation’s matches of my gifts, newest first (its members)', {
      params: idParams(),
      ...paged(matchedDonationSchema),
    }),
    async (request) => matching.myMatches(request.auth, request.params.id, request.query),
  );
});
