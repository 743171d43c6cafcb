import { useCallback, useState } from 'react';

/**
 * The ids a list's checkboxes have chosen: `toggle(ids, on)` adds or takes out one id or several,
 * `setSelected` replaces them all (a new Set, or an empty one once the chosen are done).
 */
export function useSelectedIds() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (ids: number | readonly number[], on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of typeof ids === 'number' ? [ids] : ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  return { selected, setSelected, toggle };
}
