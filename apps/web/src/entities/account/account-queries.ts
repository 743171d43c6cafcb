import { queryOptions } from '@tanstack/react-query';
import { partQuery } from '@/lib/query-parts';

/**
 * The query options a charity and an organisation share, all keyed under `[kind, id]` so that
 * invalidating `all(id)` refreshes everything of the account: its detail, its members and each
 * `part` (one more call of the account, keyed by its name).
 */
export function accountQueries<Detail, Members>(
  kind: 'charities' | 'organisations',
  getDetail: (id: number) => Promise<Detail>,
  getMembers: (id: number) => Promise<Members>,
) {
  const all = (id: number) => [kind, id] as const;
  const part = <T>(name: string, fetch: (id: number) => Promise<T>) => partQuery(all, name, fetch);
  return {
    all,
    detail: (id: number) => queryOptions({ queryKey: [...all(id)] as const, queryFn: () => getDetail(id) }),
    members: part('members', getMembers),
    part,
  };
}
