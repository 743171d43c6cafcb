import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** Stricter limits for the calls that guessing and abuse aim at. */
export const STRICT_LIMITS = {
  login: { max: 20, timeWindow: '1 minute' },
  registration: { max: 10, timeWindow: '1 minute' },
  passwordReset: { max: 5, timeWindow: '1 minute' },
  activation: { max: 10, timeWindow: '1 minute' },
} as const;

function tileOrigin(tileUrl: string): string | undefined {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, '0')).origin;
  } catch {
    return undefined;
  }
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const tiles = tileOrigin(config.mapTileUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimits ? 600 : 1_000_000,
    timeWindow: '1 minute',
    allowList: () => !config.rateLimits,
  });
}
