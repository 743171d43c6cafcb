import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { clockRateLimitStore } from './rate-limit-store.js';

/** The caller's address (behind a trusted proxy, the client's: TRUST_PROXY). */
const byAddress = (request: FastifyRequest) => request.ip;

/**
 * Stricter limits for the calls that guessing and abuse aim at, always per address (a token sent
 * along changes nothing).
 */
export const STRICT_LIMITS = {
  login: { max: 20, timeWindow: '1 minute', keyGenerator: byAddress },
  /** Both registration calls count together, per address. */
  registration: { max: 20, timeWindow: '1 hour', groupId: 'registration', keyGenerator: byAddress },
  passwordReset: { max: 5, timeWindow: '1 minute', keyGenerator: byAddress },
  activation: { max: 10, timeWindow: '1 minute', keyGenerator: byAddress },
  /** Gifts without an account, per address (docs/product/card-gifts.md#giving-without-an-account). */
  guestGiving: { max: 30, timeWindow: '1 hour', groupId: 'guest-giving', keyGenerator: byAddress },
} as const;

/**
 * The limit of every other API call (decision 035): per account for a signed-in caller (the
 * verified user id, so people sharing an office's address never share a budget), sized so a busy
 * person never meets it; per address for anonymous callers.
 */
export const API_LIMITS = { perAccount: 3000, perAddress: 1000, timeWindow: '1 minute' } as const;

/**
 * What is never limited like an API call: the built web app (its files and the page every route
 * falls back to) and uploaded pictures and documents, which a page asks for by the dozen and whose
 * access is checked per file (modules/files).
 */
export function isStaticRequest(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/files/');
}

function tileOrigin(tileUrl: string): string | undefined {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, '0')).origin;
  } catch {
    return undefined;
  }
}

/**
 * What Stripe.js and its Elements need, from Stripe's list of CSP directives
 * (https://docs.stripe.com/security/guide#content-security-policy): the script and its
 * `*.js.stripe.com` subdomains, their iframes (card fields, 3-D Secure through hooks.stripe.com)
 * and calls to api.stripe.com. Left out: https://maps.googleapis.com, which Stripe lists for the
 * Address Element's autocomplete only (not used here), and Checkout's checkout.stripe.com.
 */
export const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;

/**
 * Browser features the app may use: the place filter asks for the location, Stripe's card fields
 * may use the Payment Request API; nothing else (camera, microphone, sensors, USB...).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'usb=()',
].join(', ');

/**
 * The headers helmet sets, worked out once: with no nonces they are the same for every answer.
 * (@fastify/helmet builds helmet again for every request, parsing the policy each time: a cached
 * answer went from about 6,000 to 9,500 a second without it, docs/performance.md.) Helmet writes
 * them on a stand-in response, which keeps them.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The donate button's pages (docs/product/embed.md): `/embed/project/{id}` and
 * `/embed/charity/{id}`, the only answers that other sites may frame. Every other page, file and
 * API answer refuses framing (frame-ancestors 'none' and X-Frame-Options).
 */
const FRAMEABLE_PAGE = /^\/embed\/(?:project|charity)\/[^/?#]+\/?(?:\?.*)?$/;

/** Whether an answer is one of the donate button's pages, which any site may frame. */
export function isFrameablePage(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && FRAMEABLE_PAGE.test(url);
}

export async function registerSecurity(app: FastifyInstance, config: Config, now: Clock) {
  const tiles = tileOrigin(config.mapTileUrl);
  // Stripe.js loads only where Stripe takes the payments (STRIPE_SECRET_KEY set): nothing extra otherwise.
  const stripe = config.stripeSecretKey ? STRIPE_CSP : undefined;
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(stripe?.scriptSrc ?? [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    connectSrc: ["'self'", ...(stripe?.connectSrc ?? [])],
    // Without Stripe, frames fall back to default-src 'self'.
    ...(stripe ? { frameSrc: ["'self'", ...stripe.frameSrc] } : {}),
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: { directives },
    crossOriginEmbedderPolicy: false,
  });
  securityHeaders['permissions-policy'] = PERMISSIONS_POLICY;
  // The donate button's pages: the same policy, but any site may frame them (no X-Frame-Options),
  // and a site that isolates itself (Cross-Origin-Embedder-Policy) may still load them.
  const frameableHeaders = helmetHeaders({
    contentSecurityPolicy: { directives: { ...directives, frameAncestors: ['*'] } },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: false,
  });
  frameableHeaders['permissions-policy'] = PERMISSIONS_POLICY;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isFrameablePage(request.method, request.url) ? frameableHeaders : securityHeaders);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return;
    // An answer for a signed-in person (or any error) is theirs alone: no shared or browser cache
    // keeps it. Public answers may be kept but are checked again each time.
    const personal =
      request.headers.authorization !== undefined ||
      request.routeOptions.config?.auth !== 'public' ||
      reply.statusCode >= 400;
    reply.header('cache-control', personal ? 'no-store' : 'no-cache');
  });
  await app.register(rateLimit, {
    global: true,
    // The auth hook (plugins/auth.ts, registered as an instance hook) has run: `request.auth` is
    // the verified caller.
    keyGenerator: (request) => (request.auth ? `user:${request.auth.id}` : request.ip),
    max: (request) => (request.auth ? API_LIMITS.perAccount : API_LIMITS.perAddress),
    timeWindow: API_LIMITS.timeWindow,
    allowList: (request) => !config.rateLimits || isStaticRequest(request.url),
    store: clockRateLimitStore(now),
  });
}
