import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Clock } from '../lib/clock.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Window {
  current: number;
  startedAt: number;
}

/** How many addresses one store remembers; the least recently seen is forgotten first. */
const CAPACITY = 5_000;

/**
 * The in-memory store of @fastify/rate-limit (fixed windows per key, like its LocalStore) reading
 * the app's clock instead of the machine's, so limits move with an injected clock like everything
 * else. Each route with its own limit gets its own store through `child`; routes of one `groupId`
 * get the same one (the plugin adds the group to the key, but counts it in each route's store).
 */
export function clockRateLimitStore(now: Clock): FastifyRateLimitStoreCtor {
  /** Routes that share a limit (`groupId`, e.g. both registration calls) share one store. */
  const groups = new Map<string, FastifyRateLimitStore>();
  class ClockStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, Window>();

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now().getTime();
      let window = this.windows.get(key);
      if (!window || window.startedAt + timeWindow <= at) window = { current: 0, startedAt: at };
      window.current += 1;
      this.remember(key, window);
      callback(null, { current: window.current, ttl: window.startedAt + timeWindow - at });
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      const at = now().getTime();
      const window = this.windows.get(key);
      if (!window || window.startedAt + timeWindow <= at) callback(null, { current: 0, ttl: 0 });
      else callback(null, { current: window.current, ttl: window.startedAt + timeWindow - at });
    }

    child(options: FastifyRateLimitOptions & { groupId?: string }): FastifyRateLimitStore {
      if (!options.groupId) return new ClockStore();
      let shared = groups.get(options.groupId);
      if (!shared) {
        shared = new ClockStore();
        groups.set(options.groupId, shared);
      }
      return shared;
    }

    private remember(key: string, window: Window) {
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > CAPACITY) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
    }
  }
  return ClockStore;
}
