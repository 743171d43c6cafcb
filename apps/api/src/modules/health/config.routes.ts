import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

export const publicConfigSchema = z.object({
  currency: z.string(),
  payment_provider: z.enum(['sandbox', 'stripe']),
  /** Stripe Elements in the browser; null with the sandbox. */
  stripe_publishable_key: z.string().nullable(),
  map_tile_url: z.string(),
});

/** What the web app needs to know about this deployment (nothing secret). */
export const configRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/config',
      {
        config: { access: { kind: 'public' } },
        schema: {
          tags: ['health'],
          summary: 'Public settings of this deployment',
          response: { 200: publicConfigSchema },
        },
      },
      async () => ({
        currency: ctx.config.currency,
        payment_provider: ctx.paymentProvider.name,
        stripe_publishable_key:
          ctx.paymentProvider.name === 'stripe' ? (ctx.config.stripePublishableKey ?? null) : null,
        map_tile_url: ctx.config.mapTileUrl,
      }),
    );
  };
