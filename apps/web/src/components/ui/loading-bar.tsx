import { useSyncExternalStore } from 'react';
import { type LoadingQueue, loadingQueue } from '@/lib/loading-queue';

/**
 * The loading indicator (docs/product/limits-and-messages.md#limits), shown while the queue of
 * pending loads is not empty.
 */
export function LoadingBar({ queue = loadingQueue }: { queue?: LoadingQueue }) {
  const visible = useSyncExternalStore(queue.subscribe, queue.isVisible, queue.isVisible);
  if (!visible) return null;
  return (
    <div className="loading-bar" role="progressbar" aria-label="Loading" aria-busy="true">
      <div className="loading-bar__indicator" />
    </div>
  );
}
