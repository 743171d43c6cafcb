import { reconciliationReportSchema } from '@kindred/shared';
import { moduleRoutes, routeOptions } from '../../platform/route-helpers.js';

const route = routeOptions(['admin']);

/** The books against the provider's records, for platform admins. */
export const reconciliationRoutes = moduleRoutes(async (app, { reconciliation }) => {
  app.get(
    '/admin/reconciliation',
    route.user(
      'The last daily comparison of the payment provider’s records with the books, and each disagreement still open',
      {
        answers: reconciliationReportSchema,
      },
    ),
    async (request) => reconciliation.report(request.auth),
  );
});
