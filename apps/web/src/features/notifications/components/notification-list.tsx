import type { Notification } from '@kindred/shared';
import { Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { showDateTime } from '@/lib/format';
import './notifications.css';

/** What a list says when there is nothing to show. */
export const NOTHING_NEW = 'Nothing new. We’ll tell you here when something happens.';

export interface NotificationListProps {
  items: Notification[];
  /** The list's accessible name ('Newest notifications'). */
  label: string;
  /** Following one's link (marks it read, acts as its account). */
  onFollow: (notification: Notification) => void;
  /** The bell's short form: the body in two lines at most. */
  compact?: boolean;
}

/**
 * Notifications, newest first: each a link to where it is about, unread ones tinted with a dot and
 * named "Unread" for screen readers; the account it is about and when it happened under it.
 */
export function NotificationList({ items, label, onFollow, compact = false }: NotificationListProps) {
  return (
    <ul className="notification-list" aria-label={label}>
      {items.map((notification) => {
        const unread = notification.read_at === null;
        return (
          <li key={notification.id} className="notification-item" data-unread={unread || undefined}>
            <span className="notification-dot" aria-hidden="true" />
            <div style={{ minWidth: 0, flex: 1 }}>
              <Link
                to={notification.link}
                className="notification-link"
                onClick={() => onFollow(notification)}
              >
                {unread ? (
                  <>
                    <VisuallyHidden>Unread:</VisuallyHidden>{' '}
                  </>
                ) : null}
                <Text span fw={unread ? 700 : 500} size={compact ? 'sm' : 'md'}>
                  {notification.title}
                </Text>
              </Link>
              <Text size="sm" lineClamp={compact ? 2 : undefined} style={{ overflowWrap: 'anywhere' }}>
                {notification.body}
              </Text>
              <Text size="xs" c="dimmed" mt={2}>
                {notification.account ? `${notification.account.name} · ` : ''}
                <time dateTime={notification.created_at}>{showDateTime(notification.created_at)}</time>
              </Text>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
