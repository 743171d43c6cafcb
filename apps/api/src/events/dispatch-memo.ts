import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the listeners of one dispatch read once for all its events (docs/decisions/054-a-gift-in-one-call.md,
 * docs/decisions/055-gifts-written-together.md): a batch of gifts' events asks for the same things
 * again and again (whether any webhook listens for a type, a charity's admins, a gift both its
 * matching and its notifications read), and for the same kind of thing for each event (every
 * gift, every giver's organisations). A read wrapped in `dispatchMemo` is made once per key while
 * one dispatch runs its listeners; one wrapped in `dispatchMemoMany` is made once for every key the
 * dispatch's events name, the first time any of them is asked for; both read as usual anywhere
 * else. Only reads of what the listeners do not write themselves are wrapped: a listener never
 * reads back its own write through them.
 */
interface DispatchStore {
  memo: Map<string, Promise<unknown>>;
  /** The data of the dispatch's events, in their order. */
  events: ReadonlyArray<Record<string, unknown>>;
}

const stores = new AsyncLocalStorage<DispatchStore>();

/** Runs a dispatch's listeners with a memo of their reads, dropped when they are done. */
export function withDispatchMemo<T>(
  events: ReadonlyArray<Record<string, unknown>>,
  run: () => Promise<T>,
): Promise<T> {
  return stores.run({ memo: new Map(), events }, run);
}

/** `load()`, made once per `key` within a dispatch (a failed load is not kept). */
export function dispatchMemo<T>(key: string, load: () => Promise<T>): Promise<T> {
  const store = stores.getStore();
  if (!store) return load();
  const kept = store.memo.get(key) as Promise<T> | undefined;
  if (kept) return kept;
  const loading = load();
  store.memo.set(key, loading);
  loading.catch(() => store.memo.delete(key));
  return loading;
}

/** How the things of one family are read for many keys at once. */
export interface ManyReads<K extends string | number, T> {
  /** The keys the dispatch's events name (their data, in order), besides the one asked for. */
  keys(events: ReadonlyArray<Record<string, unknown>>): K[] | Promise<K[]>;
  /** One read for all of them: what each key holds (a key without a row is left out). */
  load(keys: K[]): Promise<Map<K, T>>;
}

/**
 * What `key` of `family` holds, read together with every other key the dispatch's events name and
 * not yet read in it (one statement for the whole batch); outside a dispatch, read alone.
 */
export async function dispatchMemoMany<K extends string | number, T>(
  family: string,
  key: K,
  reads: ManyReads<K, T>,
): Promise<T | undefined> {
  const store = stores.getStore();
  if (!store) return (await reads.load([key])).get(key);
  const kept = store.memo.get(`${family}:${key}`) as Promise<T | undefined> | undefined;
  if (kept) return kept;
  const named = await reads.keys(store.events);
  // Another listener may have started the read while the keys were found.
  const now = store.memo.get(`${family}:${key}`) as Promise<T | undefined> | undefined;
  if (now) return now;
  const keys = [...new Set([key, ...named])].filter((k) => !store.memo.has(`${family}:${k}`));
  const loading = reads.load(keys);
  for (const k of keys) {
    const one = loading.then((rows) => rows.get(k));
    store.memo.set(`${family}:${k}`, one);
    one.catch(() => store.memo.delete(`${family}:${k}`));
  }
  return store.memo.get(`${family}:${key}`) as Promise<T | undefined>;
}
