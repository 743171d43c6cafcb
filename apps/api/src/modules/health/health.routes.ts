import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

const databaseState = z.object({ kind: z.string(), status: z.string() });

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Whether the API and its database answer',
          response: {
            200: z.object({ status: z.literal('ok'), database: databaseState }),
            503: z.object({ status: z.literal('unavailable'), database: databaseState }),
          },
        },
      },
      async (_request, reply) => {
        try {
          await ctx.database.ping();
          return { status: 'ok' as const, database: { kind: ctx.database.kind, status: 'up' } };
        } catch {
          return reply
            .status(503)
            .send({ status: 'unavailable' as const, database: { kind: ctx.database.kind, status: 'down' } });
        }
      },
    );
  };
