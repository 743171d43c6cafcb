import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the listeners of one dispatch read once for all its events (docs/decisions/054-a-gift-in-one-call.md):
 * a batch of gifts' events asks for the same things again and again (whether any webhook listens
 * for a type, a charity's admins, a gift both its matching and its notifications read). A read
 * wrapped in `dispatchMemo` is made once per key while one dispatch runs its listeners, and as
 * usual anywhere else. Only reads of what the listeners do not write themselves are wrapped: a
 * listener never reads back its own write through it.
 */
const memos = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs a dispatch's listeners with a memo of their reads, dropped when they are done. */
export function withDispatchMemo<T>(run: () => Promise<T>): Promise<T> {
  return memos.run(new Map(), run);
}

/** `load()`, made once per `key` within a dispatch (a failed load is not kept). */
export function dispatchMemo<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = memos.getStore();
  if (!memo) return load();
  const kept = memo.get(key) as Promise<T> | undefined;
  if (kept) return kept;
  const loading = load();
  memo.set(key, loading);
  loading.catch(() => memo.delete(key));
  return loading;
}
