import type { Unsubscribe } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationQueries } from './queries';

/** POST /unsubscribe/{token} (no body): stops the mail the link names, without signing in. Silent: shown in place. */
export function unsubscribe(token: string): Promise<Unsubscribe> {
  return api.post<Unsubscribe>(`/unsubscribe/${encodeURIComponent(token)}`, undefined, {
    anonymous: true,
    silent: true,
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationQueries.unsubscribe(token).queryKey, answer);
      // A signed-in person's preferences changed with it.
      return queryClient.invalidateQueries({ queryKey: notificationQueries.preferences().queryKey });
    },
  });
}
