import type { Page } from '@kindred/shared';
import { infiniteQueryOptions, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';
import type { AccountLock } from './account-review';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/**
 * The review lists of one kind of account (platform admins): `GET path?status=`, 20 a page. The
 * key is the feature's (`['charity-review']`), written once where the feature calls this.
 */
export function reviewListQueries<A>(key: string, path: string) {
  const queries = {
    all: () => [key] as const,
    list: (status: ApprovalStatus) =>
      infiniteQueryOptions({
        queryKey: [...queries.all(), status] as const,
        queryFn: ({ pageParam }) =>
          api.get<Page<A>>(path, { query: { status, limit: 20, cursor: pageParam } }),
        ...cursorPaging,
      }),
  };
  return queries;
}

export type ReviewListQueries<A> = ReturnType<typeof reviewListQueries<A>>;

/**
 * A review call (decide, lock): on success the account's cached detail takes the answer and the
 * review lists are fetched again.
 */
export function useReviewMutation<Input, A>(
  call: (input: Input) => Promise<A>,
  detailKey: (account: A) => QueryKey,
  listsKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (account) => {
      queryClient.setQueryData(detailKey(account), account);
      return queryClient.invalidateQueries({ queryKey: listsKey });
    },
  });
}

/** `PATCH {path}/{id}/lock` with the lock and its reason (a review call): the answer is the account. */
export const lockAccount =
  <A>(path: string) =>
  ({ id, ...body }: AccountLock): Promise<A> =>
    api.patch<A>(`${path}/${id}/lock`, body);
