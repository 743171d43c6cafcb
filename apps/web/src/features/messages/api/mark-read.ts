import type { MessageMarkReadBody } from '@kindred/shared';
import { messageQueries } from '@/entities/message';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /message/mark_read: in the background (opening a thread reads it). */
export function markRead(body: MessageMarkReadBody): Promise<{ unread_messages: number }> {
  return api.post<{ unread_messages: number }>('/message/mark_read', body, { background: true });
}

// The navigation's count and the folders' unread marks change.
export const useMarkRead = () => useRefreshingMutation(markRead, () => messageQueries.all());
