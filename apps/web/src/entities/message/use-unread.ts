import { useQuery } from '@tanstack/react-query';
import { useIsLoggedIn, useSessionState } from '@/entities/session';
import { mailboxesQuery } from './mailboxes-query';

/** How often the navigation asks for unread messages (also on focus and after reading). */
export const UNREAD_POLL_MS = 30_000;

/** The mailboxes the person reads with their unread counts, kept fresh without a page reload. */
export function useMailboxes() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    ...mailboxesQuery(),
    enabled: loggedIn,
    refetchInterval: loggedIn ? UNREAD_POLL_MS : false,
    refetchOnWindowFocus: true,
    // Always stale: a focus or a new screen asks again (one small query).
    staleTime: 0,
  });
}

/** Unread messages across every mailbox the person reads (the session's count until the first answer). */
export function useUnreadMessages(): number {
  const state = useSessionState();
  return useMailboxes().data?.unread_messages ?? state.unreadMessages;
}
