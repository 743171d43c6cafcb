import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { cursorPaging } from '@/lib/query-parts';
import { getNotifications } from './get-notifications';
import { getPreferences } from './get-preferences';
import { getUnreadCount } from './get-unread-count';
import { getUnsubscribe } from './get-unsubscribe';

/** How many of the newest notifications the bell shows. */
export const BELL_SIZE = 6;

/** How often the bell asks for the unread count (also on focus, and after marking read). */
export const UNREAD_POLL_MS = 60_000;

/**
 * The notifications' queries (docs/product/notifications.md). Their keys are written here only:
 * what a person is told sits under `['notifications']`, so marking read refreshes the bell, its
 * list and the page together; the preferences and an unsubscribe link have keys of their own.
 */
export const notificationQueries = {
  all: () => ['notifications'] as const,
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'unread'] as const,
      queryFn: ({ signal }) => getUnreadCount(signal),
    }),
  /** The bell's newest few. */
  newest: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'newest'] as const,
      queryFn: ({ signal }) => getNotifications({ limit: BELL_SIZE, background: true, signal }),
    }),
  /** The page's list, older pages on demand. */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), 'list'] as const,
      queryFn: ({ pageParam, signal }) => getNotifications({ cursor: pageParam, signal }),
      ...cursorPaging,
    }),
  preferences: () =>
    queryOptions({
      queryKey: ['notification-preferences'] as const,
      queryFn: ({ signal }) => getPreferences(signal),
    }),
  unsubscribe: (token: string) =>
    queryOptions({
      queryKey: ['unsubscribe', token] as const,
      queryFn: ({ signal }) => getUnsubscribe(token, signal),
      retry: false,
    }),
};
