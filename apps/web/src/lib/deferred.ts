import { useDeferredValue } from 'react';

/**
 * Whether a screen may show what it has just received. The render of a full page of cards when its
 * data arrives is React's longest piece of work on a first visit; the first render that sees the
 * data still shows the loading state, and React renders the content in a transition, in slices
 * that let the browser breathe (total blocking time: docs/performance.md, "Web"). Data already
 * there when the screen mounts shows at once.
 */
export function useRevealed(ready: boolean): boolean {
  return useDeferredValue(ready) && ready;
}
