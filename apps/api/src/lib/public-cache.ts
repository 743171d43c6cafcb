import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/**
 * The in-process cache of public answers (decision 014): the bytes a public GET answered, keyed by
 * its route and normalised query, tagged with what they show (`lists`, `project:<id>`,
 * `charity:<id>`), bounded in bytes (least recently used first out) and in age. A write says what
 * it changed (`changed(...)`); the entries with those tags go at once, and a broadcaster (LISTEN /
 * NOTIFY on PostgreSQL) tells every other API process the same.
 */

/** `*` is everything. */
export type CacheTag = string;
export const ALL: CacheTag = '*';
export const LISTS: CacheTag = 'lists';
export const projectTag = (id: number | string): CacheTag => `project:${id}`;
export const charityTag = (id: number | string): CacheTag => `charity:${id}`;

export type Encoding = 'br' | 'gzip';

export interface CachedAnswer {
  body: Buffer;
  etag: string;
  contentType: string;
  tag: CacheTag;
  /** Compressed copies, made once when the answer is kept (none for small answers). */
  encoded: Partial<Record<Encoding, Buffer>>;
}

export interface CacheStats {
  entries: number;
  bytes: number;
  max_bytes: number;
  hits: number;
  misses: number;
  invalidations: number;
}

/** What tells the other API processes about a change, and tells this one about theirs. */
export interface CacheBroadcaster {
  publish(tags: CacheTag[]): void;
  close(): Promise<void>;
}

export interface PublicCache {
  readonly enabled: boolean;
  /** The answer kept under `key`, if any and still fresh. */
  get(key: string): CachedAnswer | undefined;
  /**
   * Keeps an answer, unless something changed since `generation` was read (then the answer may
   * show what was before the change and is not kept).
   */
  set(
    key: string,
    tag: CacheTag,
    body: Buffer,
    contentType: string,
    generation: number,
  ): CachedAnswer | undefined;
  /** A number that grows with every change: read it before computing an answer to keep. */
  generation(): number;
  /** A write committed: drops the entries with these tags here, and tells the other processes. */
  changed(...tags: CacheTag[]): void;
  /** A change heard from another process (or a lost connection: `*`): drops here only. */
  dropLocal(tags: CacheTag[]): void;
  /** A single flight per key: the first miss computes, the others wait for it (bounded). */
  inflight: Map<string, Promise<CachedAnswer | undefined>>;
  countMiss(): void;
  stats(): CacheStats;
  setBroadcaster(broadcaster: CacheBroadcaster | undefined): void;
  close(): Promise<void>;
}

/** Answers smaller than this go uncompressed: the headers would outweigh the saving. */
export const COMPRESS_MIN_BYTES = 1024;

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          // quality 5: most of brotli's gain at a fraction of its highest setting's time
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body, { level: 6 });
}

/** A strong validator for the bytes of an answer. */
export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export interface PublicCacheOptions {
  /** The size cap in bytes (bodies and their compressed copies); 0 turns the cache off. */
  maxBytes: number;
  /** The oldest an entry may be, whatever happens (changes no write reports, such as time passing). */
  ttlMs: number;
}

export function createPublicCache(options: PublicCacheOptions): PublicCache {
  const enabled = options.maxBytes > 0;
  const byTag = new Map<CacheTag, Set<string>>();
  let generation = 0;
  let hits = 0;
  let misses = 0;
  let invalidations = 0;
  let broadcaster: CacheBroadcaster | undefined;

  const sizeOf = (answer: CachedAnswer) =>
    answer.body.length + (answer.encoded.br?.length ?? 0) + (answer.encoded.gzip?.length ?? 0) + 200;

  const entries = new LRUCache<string, CachedAnswer>({
    max: 100_000,
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: sizeOf,
    ttl: options.ttlMs,
    updateAgeOnGet: false,
    dispose: (answer, key) => {
      const keys = byTag.get(answer.tag);
      keys?.delete(key);
      if (keys && keys.size === 0) byTag.delete(answer.tag);
    },
  });

  function dropLocal(tags: CacheTag[]) {
    if (!enabled || tags.length === 0) return;
    generation++;
    invalidations++;
    if (tags.includes(ALL)) {
      entries.clear();
      byTag.clear();
      return;
    }
    for (const tag of tags) {
      const keys = byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) entries.delete(key);
      byTag.delete(tag);
    }
  }

  return {
    enabled,
    inflight: new Map(),
    get(key) {
      if (!enabled) return undefined;
      const answer = entries.get(key);
      if (answer) hits++;
      return answer;
    },
    set(key, tag, body, contentType, atGeneration) {
      if (!enabled || atGeneration !== generation) return undefined;
      const encoded =
        body.length >= COMPRESS_MIN_BYTES ? { br: compress(body, 'br'), gzip: compress(body, 'gzip') } : {};
      const answer: CachedAnswer = { body, etag: etagOf(body), contentType, tag, encoded };
      if (sizeOf(answer) > options.maxBytes / 8) return undefined;
      entries.set(key, answer);
      const keys = byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      byTag.set(tag, keys);
      return answer;
    },
    generation: () => generation,
    changed(...tags) {
      if (!enabled || tags.length === 0) return;
      dropLocal(tags);
      broadcaster?.publish(tags);
    },
    dropLocal,
    countMiss() {
      misses++;
    },
    stats: () => ({
      entries: entries.size,
      bytes: entries.calculatedSize,
      max_bytes: options.maxBytes,
      hits,
      misses,
      invalidations,
    }),
    setBroadcaster(next) {
      broadcaster = next;
    },
    async close() {
      await broadcaster?.close();
      broadcaster = undefined;
      entries.clear();
    },
  };
}
