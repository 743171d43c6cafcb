import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A call, then `settle` on its success (the call resolves once what `settle` returns has). */
function useMutationThen<Input, Answer>(
  call: (input: Input) => Promise<Answer>,
  settle: (queryClient: QueryClient, answer: Answer, input: Input) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (answer, input) => settle(queryClient, answer, input) });
}

/**
 * A call whose answer is the resource itself: the answer replaces the cached copy under
 * `key(answer, input)` (a profile saved, a logo uploaded, the tokens left after one is revoked).
 */
export const useCachingMutation = <Input, Answer>(
  call: (input: Input) => Promise<Answer>,
  key: (answer: Answer, input: Input) => QueryKey,
) =>
  useMutationThen(call, (queryClient, answer, input) => queryClient.setQueryData(key(answer, input), answer));

/**
 * A call after which what is cached under `key(input)` is fetched again; the call settles once it
 * has been (a member removed, a role changed).
 */
export const useRefreshingMutation = <Input, Answer>(
  call: (input: Input) => Promise<Answer>,
  key: (input: Input) => QueryKey,
) =>
  useMutationThen(call, (queryClient, _answer, input) =>
    queryClient.invalidateQueries({ queryKey: key(input) }),
  );

/**
 * A call whose answer is the resource itself, which lists show too: the answer replaces the cached
 * copy under `key(answer)` and the lists under `lists` are fetched again (a group saved, a person's
 * account changed); the call settles once they have been.
 */
export const useSavingMutation = <Input, Answer>(
  call: (input: Input) => Promise<Answer>,
  key: (answer: Answer) => QueryKey,
  lists: QueryKey,
) =>
  useMutationThen(call, (queryClient, answer) => {
    queryClient.setQueryData(key(answer), answer);
    return queryClient.invalidateQueries({ queryKey: lists });
  });
