import { z } from 'zod';

/** GET /api/config: what the web app needs to know about the deployment (nothing secret). */
export const publicConfigSchema = z.object({
  currency: z.string(),
  payment_provider: z.enum(['sandbox', 'stripe']),
  /** Stripe Elements in the browser; null with the sandbox. */
  stripe_publishable_key: z.string().nullable(),
  map_tile_url: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
export type PaymentProviderName = PublicConfig['payment_provider'];
