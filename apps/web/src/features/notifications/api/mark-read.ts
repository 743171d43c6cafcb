import type { MarkReadBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationQueries } from './queries';

/**
 * POST /notifications/mark_read: some notifications by id, or all of them; answers the unread left.
 * In the background: following a notification marks it read on the way.
 */
export function markRead(body: MarkReadBody): Promise<{ count: number }> {
  return api.post<{ count: number }>('/notifications/mark_read', body, { background: true });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: ({ count }) => {
      // The bell shows the count the answer gives at once; the lists are read again.
      queryClient.setQueryData(notificationQueries.unreadCount().queryKey, { count });
      return queryClient.invalidateQueries({
        queryKey: notificationQueries.all(),
        predicate: (query) => query.queryKey[1] !== 'unread',
      });
    },
  });
}
