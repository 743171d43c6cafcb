import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type CachedAnswer,
  type CacheTag,
  COMPRESS_MIN_BYTES,
  charityTag,
  type Encoding,
  etagOf,
  LISTS,
  type PublicCache,
  projectTag,
} from '../lib/public-cache.js';

/**
 * Public answers from memory, HTTP caching and compression (decision 014).
 *
 * - The public GETs below answer anonymous callers from the in-process cache, keyed by path and
 *   the query parameters the route knows (sorted; others such as the client's `t` are left out).
 *   A miss runs the route as usual and keeps its 200 answer; concurrent misses of one key wait for
 *   the first (a single flight). Signed-in callers (an Authorization header) always get a fresh
 *   answer from the database: the project and charity pages show more to those who run them.
 * - What a change makes stale reaches the cache as an event (docs/decisions/041-one-event-mechanism.md):
 *   the service that changes public data records what it changed in its transaction, and after the
 *   commit a handler (`listen` in services.ts) drops the entries it shows on, in every process: a
 *   gift its project's (or charity's) pages, an edited project its page, its charity's and the
 *   lists, a charity, organisation or person everything (their names show beside gifts). A write
 *   that records no event changes nothing public.
 * - Public answers carry an ETag (a match answers 304) and `Cache-Control: public` with a short
 *   max-age and stale-while-revalidate, so a CDN in front may keep them for seconds.
 * - JSON answers of 1 KB or more leave compressed (brotli or gzip) when the caller accepts it:
 *   a kept answer is compressed once, when it is kept; others as they are sent.
 */

type Params = Record<string, string | undefined>;

/** The public reads that are kept, by route, with what they show. */
export const CACHED_READS: Record<string, (params: Params) => CacheTag> = {
  '/api/explore/project/list': () => LISTS,
  '/api/explore/project/locations': () => LISTS,
  '/api/explore/charity/list': () => LISTS,
  '/api/explore/charity/locations': () => LISTS,
  '/api/explore/group/list': () => LISTS,
  // A public group's card: the same figures as its line in the group list, kept alike.
  '/api/explore/group/:id': () => LISTS,
  '/api/explore/summary': () => LISTS,
  '/api/charity/list': () => LISTS,
  '/api/charity/:id': (p) => charityTag(p.id ?? ''),
  '/api/project/:id': (p) => projectTag(p.id ?? ''),
  '/api/project/:id/summary': (p) => projectTag(p.id ?? ''),
  '/api/project/updates/:id': (p) => projectTag(p.id ?? ''),
  '/api/project/:id/impact': (p) => projectTag(p.id ?? ''),
  '/api/project/:id/images': (p) => projectTag(p.id ?? ''),
  '/api/project/:id/documents': (p) => projectTag(p.id ?? ''),
  '/api/project/:id/all-donations': (p) => projectTag(p.id ?? ''),
};

/** Public GETs deliberately not kept: state, one-off links, files, small reference lists. */
export const UNCACHED_PUBLIC_READS = new Set([
  '/api/health',
  '/api/config',
  '/api/files/*',
  '/api/auth/activate/:code',
  // A mail's link to one gift or plan: its answer is that giver's alone (docs/product/card-gifts.md#manage-from-the-mail).
  '/api/manage/:token',
  '/api/manage/:token/receipt',
  '/api/manage/:token/credit_note/:refund_id',
  // A mail's unsubscribe link: what one person's mail is (docs/product/notifications.md#unsubscribe).
  '/api/unsubscribe/:token',
  // A single-use invitation: signed in as the invited person, reading it accepts it.
  '/api/invitation/confirm/:code',
  // A fundraising page's figures move with each gift, and a hidden one is its fundraiser's alone:
  // answered afresh (docs/product/fundraising-pages.md).
  '/api/fundraiser/:id',
  '/api/fundraiser/:id/donations',
  '/api/fundraiser/:id/updates',
  '/api/project/:id/fundraisers',
  '/api/group/:id/fundraisers',
  '/api/state/by_country/:countryId',
  '/api/city/by_state/:stateId',
  '/api/openapi.json',
  // Organisation names as someone types them: one answer per few letters, seldom asked twice.
  '/api/business/autocomplete',
  // Explore's fundraising pages: their figures move with each gift and a hidden page leaves at once,
  // as with the fundraising pages' own reads (docs/product/fundraising-pages.md).
  '/api/explore/fundraiser/list',
]);

/** How long a CDN or browser may keep a public answer, and serve it stale while it asks again. */
export const PUBLIC_MAX_AGE_S = 5;
export const PUBLIC_STALE_S = 5;
const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_S}, stale-while-revalidate=${PUBLIC_STALE_S}`;
/** A follower waits this long for the first miss of its key, then asks the database itself. */
const FLIGHT_WAIT_MS = 2000;

const ENCODINGS: Encoding[] = ['br', 'gzip'];
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface CacheState {
  key: string;
  tag: CacheTag;
  generation: number;
  /** Set on the first miss of a key: resolves the followers. */
  settle?: (answer: CachedAnswer | undefined) => void;
  hit?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    publicCache?: CacheState;
  }
}

const routeQueryKeys = new Map<string, Set<string> | null>();

/** The query parameters a route's schema knows (a zod object's keys), or null for any. */
function queryKeysOf(request: FastifyRequest): Set<string> | null {
  const url = request.routeOptions.url ?? '';
  let keys = routeQueryKeys.get(url);
  if (keys === undefined) {
    const schema = request.routeOptions.schema?.querystring as
      | { shape?: Record<string, unknown> }
      | undefined;
    keys = schema?.shape ? new Set(Object.keys(schema.shape)) : null;
    routeQueryKeys.set(url, keys);
  }
  return keys;
}

export function cacheKey(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  const path = q < 0 ? request.url : request.url.slice(0, q);
  if (q < 0) return path;
  const known = queryKeysOf(request);
  const query = request.query as Record<string, unknown>;
  const parts: string[] = [];
  for (const name of Object.keys(query).sort()) {
    if (known && !known.has(name)) continue;
    parts.push(`${name}=${JSON.stringify(query[name])}`);
  }
  return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
}

function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  return (negotiate(header, ENCODINGS) as Encoding | null) ?? undefined;
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  reply.header('etag', answer.etag);
  reply.header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  reply.header('content-type', answer.contentType);
  const encoding = acceptedEncoding(request);
  const encoded = encoding ? answer.encoded[encoding] : undefined;
  if (encoding && encoded) {
    reply.header('content-encoding', encoding);
    return reply.send(encoded);
  }
  return reply.send(answer.body);
}

export function registerPublicCache(app: FastifyInstance, cache: PublicCache) {
  // After the security and rate-limit hooks (onRequest, also per route) and before validation.
  app.addHook('preParsing', async (request, reply) => {
    if (request.method !== 'GET' || request.headers.authorization !== undefined || !cache.enabled) return;
    const routeUrl = request.routeOptions.url;
    const tagOf = routeUrl ? CACHED_READS[routeUrl] : undefined;
    if (!tagOf) return;
    const key = cacheKey(request);
    let answer = cache.get(key);
    if (!answer) {
      const flight = cache.inflight.get(key);
      if (flight) {
        answer = await Promise.race([
          flight,
          new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), FLIGHT_WAIT_MS).unref()),
        ]);
      }
    }
    if (answer) {
      request.publicCache = { key, tag: answer.tag, generation: cache.generation(), hit: true };
      return sendAnswer(request, reply, answer);
    }
    cache.countMiss();
    const state: CacheState = {
      key,
      tag: tagOf(request.params as Params),
      generation: cache.generation(),
    };
    if (!cache.inflight.has(key)) {
      cache.inflight.set(
        key,
        new Promise((resolve) => {
          state.settle = resolve;
        }),
      );
    }
    request.publicCache = state;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    const state = request.publicCache;
    if (state?.hit) return payload;

    // A write says what it changed through its events (services.ts, `listen`), not here.
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;

    const publicRead =
      request.headers.authorization === undefined &&
      request.routeOptions.config?.auth === 'public' &&
      CACHED_READS[request.routeOptions.url ?? ''] !== undefined;
    if (state) {
      let kept: CachedAnswer | undefined;
      if (reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
        kept = cache.set(
          state.key,
          state.tag,
          bytes,
          String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          state.generation,
        );
      }
      if (state.settle) {
        cache.inflight.delete(state.key);
        state.settle(kept);
        state.settle = undefined;
      }
      if (kept) {
        reply.header('cache-control', PUBLIC_CACHE_CONTROL);
        reply.header('etag', kept.etag);
        reply.header('vary', 'Accept-Encoding');
        if (request.headers['if-none-match'] === kept.etag) {
          reply.code(304);
          return '';
        }
        const encoding = acceptedEncoding(request);
        const encoded = encoding ? kept.encoded[encoding] : undefined;
        if (encoding && encoded) {
          reply.header('content-encoding', encoding);
          return encoded;
        }
        return kept.body;
      }
    }
    if (publicRead && reply.statusCode === 200) {
      // Public but not kept (the cache is off, or a change came while it was computed).
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        const etag = etagOf(payload);
        reply.header('etag', etag);
        if (request.headers['if-none-match'] === etag) {
          reply.code(304);
          return '';
        }
      }
    }
    return compressed(request, reply, payload);
  });

  // A request that ends without onSend (a client gone mid-way) must not leave its followers waiting.
  const releaseFollowers = async (request: FastifyRequest) => {
    const state = request.publicCache;
    if (state?.settle) {
      cache.inflight.delete(state.key);
      state.settle(undefined);
      state.settle = undefined;
    }
  };
  app.addHook('onResponse', releaseFollowers);
  app.addHook('onRequestAbort', releaseFollowers);

  // An uncached JSON answer compressed as it is sent.
  async function compressed(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (payload.length < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    const encoding = acceptedEncoding(request);
    if (!encoding) return payload;
    reply.header('vary', 'Accept-Encoding');
    reply.header('content-encoding', encoding);
    return encoding === 'br'
      ? brotli(payload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipAsync(payload, { level: 6 });
  }
}
