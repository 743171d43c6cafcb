import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PagePosition } from '@/components/ui/pager';

/** The root of every platform admin query of this feature: a change refreshes them together. */
export const platformAdminKey = ['platform-admin'] as const;

/** The page of an admin list at `position`, `limit` rows long (keyset pagination). */
export const pageAt = (position: PagePosition, limit: number) => ({
  limit,
  cursor: position.cursor,
  direction: position.direction,
});

/**
 * The query of an admin list at `position`, 20 rows a page: its filters, the empty ones left out
 * (the API's own default stands for them).
 */
export function filteredPageAt<F extends { [Name in keyof F]: string }>(filters: F, position: PagePosition) {
  const chosen = Object.fromEntries(
    Object.entries(filters).map(([name, value]) => [name, value || undefined]),
  );
  return { ...chosen, ...pageAt(position, 20) };
}

/**
 * The query options of an admin list (people, accounts, the audit log, expiring projects): one page
 * for its filters at a position, keyed under `[platform-admin, name]`; the page shown stays while the
 * next one loads.
 */
export function listPages<F, T>(
  name: string,
  fetch: (filters: F, position: PagePosition, signal: AbortSignal) => Promise<T>,
) {
  return (filters: F, position: PagePosition) =>
    queryOptions({
      queryKey: [...platformAdminKey, name, filters, position] as const,
      queryFn: ({ signal }) => fetch(filters, position, signal),
      placeholderData: keepPreviousData,
    });
}

/** The query options of one thing a platform admin looks at (a person, a project), keyed by its id. */
export function detailQuery<T>(name: string, fetch: (id: number, signal: AbortSignal) => Promise<T>) {
  return (id: number) =>
    queryOptions({
      queryKey: [...platformAdminKey, name, id] as const,
      queryFn: ({ signal }) => fetch(id, signal),
    });
}
