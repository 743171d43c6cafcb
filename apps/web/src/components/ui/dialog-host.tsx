import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

/**
 * Mantine's modals manager, mounted the first time a dialog is asked for: a visit that opens no
 * dialog does not download it (docs/performance.md, "Web"). `confirm()` waits for it.
 */
const ModalsProvider = lazy(async () => ({ default: (await import('@mantine/modals')).ModalsProvider }));

let wanted = false;
let mounted = 0;
let waiting: Array<() => void> = [];
const listeners = new Set<() => void>();

/** Resolves once a dialog host is mounted, asking for one if none is. */
export function whenDialogHostReady(): Promise<void> {
  if (mounted > 0) return Promise.resolve();
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs after the provider's own effects (children's effects run first): its listeners are set. */
function Ready() {
  useEffect(() => {
    mounted += 1;
    const resolved = waiting;
    waiting = [];
    for (const resolve of resolved) resolve();
    return () => {
      mounted -= 1;
    };
  }, []);
  return null;
}

/** Place once in the app's providers; renders nothing until a dialog is first asked for. */
export function DialogHost() {
  const on = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider />
      <Ready />
    </Suspense>
  );
}
