import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A call whose answer is the resource itself: the answer replaces the cached copy under
 * `key(answer)` (a profile saved, a logo uploaded).
 */
export function useCachingMutation<Input, Answer>(
  call: (input: Input) => Promise<Answer>,
  key: (answer: Answer) => QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(key(answer), answer),
  });
}

/**
 * A call after which what is cached under `key(input)` is fetched again; the call settles once it
 * has been (a member removed, a role changed).
 */
export function useRefreshingMutation<Input, Answer>(
  call: (input: Input) => Promise<Answer>,
  key: (input: Input) => QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: key(input) }),
  });
}
