import type { Notification, Page } from '@kindred/shared';
import { api } from '@/lib/api-client';

/** How many notifications the page loads at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * GET /notifications: one keyset page of the person's notifications, newest first, older ones from
 * `cursor`. Quiet: the list shows a failure in place.
 */
export function getNotifications(
  options: { limit?: number; cursor?: string; background?: boolean; signal?: AbortSignal } = {},
): Promise<Page<Notification>> {
  const { limit = NOTIFICATIONS_PAGE_SIZE, cursor, background = false, signal } = options;
  return api.get<Page<Notification>>('/notifications', {
    query: { limit, ...(cursor ? { cursor, direction: 'after' } : {}) },
    signal,
    silent: true,
    background,
  });
}
