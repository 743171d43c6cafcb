import { auditEntrySchema, auditListQuerySchema, pageSchema } from '@kindred/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { routeOptions } from '../../platform/route-helpers.js';
import type { Services } from '../../services.js';

const adminRoute = routeOptions(['admin']);

/** The audit log of admin actions (decision 028). */
export const auditRoutes =
  (_ctx: AppContext, services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/audit',
      adminRoute.user(
        'What platform admins did: who, when, what, to what and why; newest first, filtered (platform admins)',
        { querystring: auditListQuerySchema, response: { 200: pageSchema(auditEntrySchema) } },
      ),
      async (request) => services.audit.list(request.auth, request.query),
    );
  };
