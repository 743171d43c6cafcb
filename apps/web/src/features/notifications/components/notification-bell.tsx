import { Popover, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '@/components/ui/states';
import { useIsLoggedIn } from '@/entities/session';
import { notificationQueries, UNREAD_POLL_MS } from '../api/queries';
import './notifications.css';

// The list opens on demand: the bell itself is all a signed-in page loads.
const BellPanel = lazy(async () => ({ default: (await import('./bell-panel')).BellPanel }));

/** The unread count, kept fresh: every minute, when the window regains focus, and after marking read. */
export function useUnreadCount(): number {
  const loggedIn = useIsLoggedIn();
  const query = useQuery({
    ...notificationQueries.unreadCount(),
    enabled: loggedIn,
    refetchInterval: loggedIn ? UNREAD_POLL_MS : false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  return query.data?.count ?? 0;
}

function BellIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The header's bell (docs/product/notifications.md), for signed-in people: the unread count over it,
 * and the newest notifications in a popover with "Mark all as read" and "See all notifications".
 */
export function NotificationBell() {
  const loggedIn = useIsLoggedIn();
  const count = useUnreadCount();
  const [opened, setOpened] = useState(false);
  if (!loggedIn) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(24rem, calc(100vw - 1rem))"
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <UnstyledButton
          className="notification-bell"
          aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
        >
          <BellIcon />
          {count > 0 ? (
            <span className="notification-count" aria-hidden="true">
              {shown}
            </span>
          ) : null}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        {opened ? (
          <Suspense fallback={<LoadingState label="Loading your notifications…" />}>
            <BellPanel unread={count} onClose={() => setOpened(false)} />
          </Suspense>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
