import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AppLog } from '../context.js';
import { ALL, type CacheBroadcaster, type CacheTag, type PublicCache } from '../lib/public-cache.js';

/** The PostgreSQL channel on which API processes tell each other what changed. */
export const CACHE_CHANNEL = 'kindred_public_cache';
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = 'kindred cache listener';
/** Changes are gathered this long and sent as one NOTIFY, off the request that made them. */
const COALESCE_MS = 20;
/** NOTIFY payloads must stay under 8000 bytes; more tags than fit become "everything". */
const MAX_PAYLOAD = 7000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

interface Message {
  /** The process that sent it (a process ignores its own: it dropped those entries already). */
  o: string;
  t: CacheTag[];
}

/**
 * Keeps the public caches of every API process on one PostgreSQL database in step: one dedicated
 * connection (not from the request pool) LISTENs on `kindred_public_cache` and sends this
 * process's changes, gathered for a few milliseconds, as one NOTIFY. While that connection is down
 * this process may miss changes, so it empties its cache when the connection drops and again
 * when it is back, and reconnects with a growing pause.
 */
export function listenForCacheChanges(
  databaseUrl: string,
  cache: PublicCache,
  log: AppLog,
): CacheBroadcaster & { ready: Promise<void> } {
  const origin = randomUUID();
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let pause = RECONNECT_MIN_MS;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  const pending = new Set<CacheTag>();
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  function lost(current: pg.Client) {
    if (client !== current) return;
    client = undefined;
    connected = false;
    cache.dropLocal([ALL]);
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    if (closed) return;
    reconnectTimer = setTimeout(connect, pause);
    reconnectTimer.unref();
    pause = Math.min(pause * 2, RECONNECT_MAX_MS);
  }

  async function connect() {
    reconnectTimer = undefined;
    if (closed) return;
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5000,
      application_name: LISTENER_NAME,
    });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (notice) => {
      if (notice.channel !== CACHE_CHANNEL || !notice.payload) return;
      try {
        const message = JSON.parse(notice.payload) as Message;
        if (message.o !== origin && Array.isArray(message.t)) cache.dropLocal(message.t.map(String));
      } catch {
        cache.dropLocal([ALL]);
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${CACHE_CHANNEL}`);
      if (client !== next) return;
      connected = true;
      pause = RECONNECT_MIN_MS;
      // Whatever changed while this process was not listening.
      cache.dropLocal([ALL]);
      markReady();
      if (pending.size > 0) schedule();
    } catch (error) {
      log.error({ err: error }, 'cache notifications: could not listen, trying again');
      lost(next);
    }
  }

  async function flush() {
    flushTimer = undefined;
    const current = client;
    if (!current || !connected || pending.size === 0) return;
    let tags = [...pending];
    pending.clear();
    let payload = JSON.stringify({ o: origin, t: tags } satisfies Message);
    if (payload.length > MAX_PAYLOAD) {
      tags = [ALL];
      payload = JSON.stringify({ o: origin, t: tags } satisfies Message);
    }
    try {
      await current.query('select pg_notify($1, $2)', [CACHE_CHANNEL, payload]);
    } catch {
      // Sent again once the connection is back.
      for (const tag of tags) pending.add(tag);
    }
  }

  function schedule() {
    if (flushTimer || closed) return;
    flushTimer = setTimeout(() => void flush(), COALESCE_MS);
  }

  void connect();

  return {
    ready,
    publish(tags) {
      for (const tag of tags) pending.add(tag);
      schedule();
    },
    async close() {
      if (flushTimer) {
        clearTimeout(flushTimer);
        await flush();
      }
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      connected = false;
      await current?.end().catch(() => undefined);
    },
  };
}
