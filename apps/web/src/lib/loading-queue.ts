/**
 * The queue of pending loads behind the loading indicator
 * (docs/product/limits-and-messages.md#limits): the indicator appears `LOADING_INDICATOR_DELAY_MS`
 * after a load starts and hides as soon as the queue is empty.
 */
export const LOADING_INDICATOR_DELAY_MS = 200;

type Listener = () => void;

export interface LoadingQueue {
  /** Registers a pending load; call the returned function once when it settles. */
  start(): () => void;
  /** Number of pending loads. */
  pending(): number;
  /** Whether the indicator is shown. */
  isVisible(): boolean;
  subscribe(listener: Listener): () => void;
  /** Forgets every pending load and hides the indicator (tests, logout). */
  reset(): void;
}

export function createLoadingQueue(delayMs = LOADING_INDICATOR_DELAY_MS): LoadingQueue {
  let count = 0;
  let visible = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<Listener>();

  const setVisible = (next: boolean) => {
    if (visible === next) return;
    visible = next;
    for (const listener of listeners) listener();
  };

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return {
    start() {
      count += 1;
      if (!visible && timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          if (count > 0) setVisible(true);
        }, delayMs);
      }
      let settled = false;
      return () => {
        if (settled) return;
        settled = true;
        count = Math.max(0, count - 1);
        if (count === 0) {
          stopTimer();
          setVisible(false);
        }
      };
    },
    pending: () => count,
    isVisible: () => visible,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      count = 0;
      stopTimer();
      setVisible(false);
    },
  };
}

/** The application's queue, fed by the API client. */
export const loadingQueue = createLoadingQueue();
