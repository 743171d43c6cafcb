import { publicConfigSchema } from '@kindred/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { routeOptions } from '../../platform/route-helpers.js';

const healthRoute = routeOptions(['health']);

/** What the web app needs to know about this deployment (nothing secret). */
export const configRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/config',
      healthRoute.public('Public settings of this deployment', { answers: publicConfigSchema }),
      async () => ({
        currency: ctx.config.currency,
        payment_provider: ctx.paymentProvider.name,
        stripe_publishable_key:
          ctx.paymentProvider.name === 'stripe' ? (ctx.config.stripePublishableKey ?? null) : null,
        map_tile_url: ctx.config.mapTileUrl,
      }),
    );
  };
