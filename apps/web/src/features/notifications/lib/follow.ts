import type { Notification } from '@kindred/shared';
import { session } from '@/entities/session';
import { useMarkRead } from '../api/mark-read';

/**
 * What following a notification's link does besides going there: an unread one is marked read, and
 * one about an account the person acts for (a charity's gift, an organisation's sign-off) switches
 * to that account, whose screens its link names (`/charity/donations`).
 */
export function useFollowNotification() {
  const markRead = useMarkRead();
  return (notification: Notification) => {
    const { account } = notification;
    if (account) session.setActiveAccount({ type: account.type, id: account.id });
    if (notification.read_at === null) markRead.mutate({ ids: [notification.id] });
  };
}
