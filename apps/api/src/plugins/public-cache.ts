import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ALL,
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
 * - What a change makes stale reaches the cache as an event where its service records one
 *   (WRITES_TOLD_BY_EVENTS; the handlers are in services.ts): a gift drops its project's (or
 *   charity's) pages, a finished project or a recount of the map the lists. Writes that touch no
 *   public data drop nothing; every other write drops everything when it answers (they are rare:
 *   people editing).
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
  // A single-use invitation: signed in as the invited person, reading it accepts it.
  '/api/invitation/confirm/:code',
  '/api/state/by_country/:countryId',
  '/api/city/by_state/:stateId',
  '/api/openapi.json',
  // Organisation names as someone types them: one answer per few letters, seldom asked twice.
  '/api/business/autocomplete',
]);

/**
 * Writes whose public effects reach the cache as events (docs/decisions/041-one-event-mechanism.md):
 * a gift records `donation.made`, whose handler drops its project's (or charity's) pages in every
 * process. The lists and the charity page that show the same counters catch up within the entries'
 * age limit. Writes are moved here as their services record the events that say what they change.
 */
export const WRITES_TOLD_BY_EVENTS = [
  // Gifts and their moves: donation.made, donation.status_changed.
  /^POST \/api\/user\/donate\/(project|charity)\/:id$/,
  /^POST \/api\/(business|charity)\/:id\/approve_donations$/,
  /^POST \/api\/business\/:id\/donations\/:donation_id\/resolve$/,
  /^POST \/api\/admin\/(complete|donation\/reject)$/,
  // Projects: project.changed, project.status_changed.
  /^PATCH \/api\/project\/(:id|update\/:id|extend\/:id)$/,
  /^POST \/api\/project\/:id\/(complete|cancel|impact|impact\/image)$/,
  /^POST \/api\/project\/(updates|logo\/:id|image\/:id|document\/:id)$/,
  /^DELETE \/api\/project\/(galery\/:id\/:image_id|document\/:charity_id\/:id\/:document_id)$/,
  /^POST \/api\/admin\/return$/,
];

/** Writes that change no public answer: sign-in, accounts, money in and out of wallets, settings. */
export const PRIVATE_WRITES = [
  /^POST \/api\/auth\//,
  /^POST \/api\/user\/register$/,
  /^POST \/api\/user\/passwordreset\//,
  /^(PATCH|POST) \/api\/user\/(password|email)$/,
  /^POST \/api\/user\/deposit/,
  // An organisation's own money, people, groups and settings. Not its sign-off (gifts reach
  // projects and charities), its name or logo (shown beside its gifts), nor its deletion.
  /^POST \/api\/business\/:id\/(deposit|confirm|donate\/|csv_upload|cancel_donation_subscription\/)/,
  /^\w+ \/api\/business\/(:id\/)?direct_debit\//,
  /^\w+ \/api\/business\/:id\/(signoff-policy|subscription|employees-group|matching)/,
  /^\w+ \/api\/user\/(create_direct_debit|direct_debit\/)/,
  /^\w+ \/api\/stripe\//,
  /^POST \/api\/admin\/(user|business)\//,
  /^POST \/api\/organisation\/transfer_funds$/,
  /^\w+ \/api\/user\/gift_aid_declaration(\/:id)?$/,
  /^\w+ \/api\/user\/(cancel_donation_subscription|donation_subscription)\//,
  // Messages between people and accounts, invitations and requests to join: nothing public.
  /^\w+ \/api\/message\//,
  /^POST \/api\/invitation\/create$/,
  /^(POST|PATCH) \/api\/join(\/remove)?$/,
  // Drafts (made, copied, deleted) and who manages a project are not public; nor are Gift Aid claims.
  /^POST \/api\/project\/(create|clone)$/,
  /^DELETE \/api\/project\/:id$/,
  /^DELETE \/api\/membership\/project\/:project_id\/:user_id$/,
  /^POST \/api\/charity\/:id\/gift_aid\/claims$/,
];

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

/** What a successful write changed here and now: nothing when it is private or its events say; else everything. */
export function changesOf(method: string, routeUrl: string): CacheTag[] {
  const key = `${method} ${routeUrl}`;
  if (WRITES_TOLD_BY_EVENTS.some((pattern) => pattern.test(key))) return [];
  if (PRIVATE_WRITES.some((pattern) => pattern.test(key))) return [];
  return [ALL];
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

    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (reply.statusCode < 400 && request.routeOptions.url) {
        cache.changed(...changesOf(request.method, request.routeOptions.url));
      }
      return payload;
    }

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
  app.addHook('onResponse', async (request) => {
    const state = request.publicCache;
    if (state?.settle) {
      cache.inflight.delete(state.key);
      state.settle(undefined);
      state.settle = undefined;
    }
  });
  app.addHook('onRequestAbort', async (request) => {
    const state = request.publicCache;
    if (state?.settle) {
      cache.inflight.delete(state.key);
      state.settle(undefined);
      state.settle = undefined;
    }
  });

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
