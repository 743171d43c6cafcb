import { queryOptions } from '@tanstack/react-query';
import { partQuery } from '@/lib/query-parts';

/** How an account kind fetches the two things every account has. */
export interface AccountFetchers<Detail, Members> {
  detail: (id: number) => Promise<Detail>;
  members: (id: number) => Promise<Members>;
}

/**
 * The query options a charity and an organisation share, all keyed under `[kind, id]` so that
 * invalidating `all(id)` refreshes everything of the account: its detail, its members and each
 * `part` (one more call of the account, keyed by its name).
 */
export function accountQueries<Detail, Members>(
  kind: 'charities' | 'organisations',
  fetchers: AccountFetchers<Detail, Members>,
) {
  const all = (id: number) => [kind, id] as const;
  const part = <T>(name: string, fetch: (id: number) => Promise<T>) => partQuery(all, name, fetch);
  return {
    all,
    detail: (id: number) =>
      queryOptions({ queryKey: [...all(id)] as const, queryFn: () => fetchers.detail(id) }),
    members: part('members', fetchers.members),
    part,
  };
}
