import { api } from '@/lib/api-client';

/** GET /notifications/unread_count: the bell's number. In the background, and quiet: the bell polls it. */
export function getUnreadCount(signal?: AbortSignal): Promise<{ count: number }> {
  return api.get<{ count: number }>('/notifications/unread_count', {
    signal,
    background: true,
    silent: true,
  });
}
