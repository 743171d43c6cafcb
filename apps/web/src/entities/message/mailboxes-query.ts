import type { Mailboxes } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * The one query of messages the navigation needs on every page (the unread count), apart from the
 * rest of `messageQueries` so that a visitor's first load carries nothing else of messages.
 */

/** The root of every messages key (`messageQueries.all()`). */
export const messagesKey = () => ['messages'] as const;

/** GET /message/mailboxes: in the background (the navigation polls it). */
export function getMailboxes(): Promise<Mailboxes> {
  return api.get<Mailboxes>('/message/mailboxes', { background: true, silent: true });
}

/** The mailboxes the person reads, with their unread counts. */
export const mailboxesQuery = () =>
  queryOptions({ queryKey: [...messagesKey(), 'mailboxes'] as const, queryFn: getMailboxes });
