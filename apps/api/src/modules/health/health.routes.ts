import { errorBodySchema } from '@kindred/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { routeOptions } from '../../platform/route-helpers.js';

const databaseState = z.object({ kind: z.string(), status: z.string() });
/** The read replica (DATABASE_READ_URL), when there is one: up or down, and the WAL it has yet to replay. */
const replicaState = z.object({ status: z.enum(['up', 'down']), lag_bytes: z.number().int().nullable() });
/** The public cache of this process (decision 014): what it holds against its cap, and its use. */
const cacheState = z.object({
  entries: z.number().int(),
  bytes: z.number().int(),
  max_bytes: z.number().int(),
  hits: z.number().int(),
  misses: z.number().int(),
  invalidations: z.number().int(),
});

const healthRoute = routeOptions(['health']);

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      healthRoute.public('Whether the API and its database answer', {
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: databaseState,
            replica: replicaState.optional(),
            cache: cacheState,
          }),
          // Down is an error like any other: the error format, with the database's state in details.
          503: errorBodySchema,
        },
      }),
      async (_request, reply) => {
        try {
          await ctx.database.ping();
          const replica = await ctx.database.replica?.status();
          return {
            status: 'ok' as const,
            database: { kind: ctx.database.kind, status: 'up' },
            ...(replica ? { replica } : {}),
            cache: ctx.publicCache.stats(),
          };
        } catch {
          return reply.status(503).send({
            error: {
              code: 'DATABASE_UNAVAILABLE',
              message: 'The database does not answer. Please try again in a moment.',
              details: { status: 'unavailable', database: { kind: ctx.database.kind, status: 'down' } },
            },
          });
        }
      },
    );
  };
