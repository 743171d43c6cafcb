import { queryOptions } from '@tanstack/react-query';

/**
 * The query options of one part of an entity, keyed `[...key(id), name]` under the entity's own key
 * (so invalidating the entity refreshes the part): `members: partQuery(groupKey, 'members', getMembers)`.
 */
export function partQuery<T>(
  key: (id: number) => readonly unknown[],
  name: string,
  fetch: (id: number) => Promise<T>,
) {
  return (id: number) => queryOptions({ queryKey: [...key(id), name] as const, queryFn: () => fetch(id) });
}

/** The paging of a keyset-paginated list (an infinite query): from the first page, on by each `next_cursor`. */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: { next_cursor: string | null }) => page.next_cursor ?? undefined,
};
