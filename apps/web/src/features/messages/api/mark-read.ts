import type { MessageMarkReadBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageQueries } from '@/entities/message';
import { api } from '@/lib/api-client';

/** POST /message/mark_read: in the background (opening a thread reads it). */
export function markRead(body: MessageMarkReadBody): Promise<{ unread_messages: number }> {
  return api.post<{ unread_messages: number }>('/message/mark_read', body, { background: true });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    // The navigation's count and the folders' unread marks change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageQueries.all() }),
  });
}
