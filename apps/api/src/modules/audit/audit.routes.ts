import { auditEntrySchema, auditListQuerySchema, pageSchema } from '@kindred/shared';
import { moduleRoutes, routeOptions } from '../../platform/route-helpers.js';

const adminRoute = routeOptions(['admin']);

/** The audit log of admin actions (decision 028). */
export const auditRoutes = moduleRoutes(async (app, services) => {
  app.get(
    '/admin/audit',
    adminRoute.user(
      'What platform admins did: who, when, what, to what and why; newest first, filtered (platform admins)',
      { querystring: auditListQuerySchema, answers: pageSchema(auditEntrySchema) },
    ),
    async (request) => services.audit.list(request.auth, request.query),
  );
});
