import type { Message, Page, Recipient } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mailboxesQuery, messagesKey } from './mailboxes-query';

/**
 * A mailbox (docs/product/wire-contract.md#owner-types): a person (1), organisation (2), charity
 * (3) or project (4) and its id.
 */
export interface MailboxRef {
  ownerType: number;
  ownerId: number;
}
export type Folder = 'inbox' | 'sent' | 'draft' | 'archive';
export interface FolderPosition {
  cursor?: string;
  direction?: 'after' | 'before';
}

const path = (box: MailboxRef) => `${box.ownerType}/${box.ownerId}`;

/** GET /message/get_all_{folder}/{a}/{b} */
export function getFolder(
  box: MailboxRef,
  folder: Folder,
  position: FolderPosition = {},
): Promise<Page<Message>> {
  return api.get<Page<Message>>(`/message/get_all_${folder}/${path(box)}`, {
    query: { limit: 20, cursor: position.cursor, direction: position.direction },
  });
}

/** GET /message/get/{a}/{b}/{c}. Quiet: the screen shows a message that is gone in place. */
export function getMessage(box: MailboxRef, id: number): Promise<Message> {
  return api.get<Message>(`/message/get/${path(box)}/${id}`, { silent: true });
}

/** GET /replay/get/{a}/{b}/{c}: the thread, oldest first (up to 100 messages). */
export function getThread(box: MailboxRef, id: number): Promise<Page<Message>> {
  return api.get<Page<Message>>(`/replay/get/${path(box)}/${id}`, { query: { limit: 100 }, silent: true });
}

/** GET /message/recipients?q= */
export function searchRecipients(q: string): Promise<{ items: Recipient[] }> {
  return api.get<{ items: Recipient[] }>('/message/recipients', { query: { q }, background: true });
}

/** Messages and mailboxes. Their keys live here only, all under `['messages']`. */
export const messageQueries = {
  all: messagesKey,
  mailboxes: mailboxesQuery,
  box: (box: MailboxRef) => [...messageQueries.all(), 'box', box.ownerType, box.ownerId] as const,
  folder: (box: MailboxRef, folder: Folder, position: FolderPosition = {}) =>
    queryOptions({
      queryKey: [
        ...messageQueries.box(box),
        folder,
        position.cursor ?? null,
        position.direction ?? null,
      ] as const,
      queryFn: () => getFolder(box, folder, position),
    }),
  message: (box: MailboxRef, id: number) =>
    queryOptions({
      queryKey: [...messageQueries.box(box), 'message', id] as const,
      queryFn: () => getMessage(box, id),
      retry: false,
    }),
  thread: (box: MailboxRef, id: number) =>
    queryOptions({
      queryKey: [...messageQueries.box(box), 'thread', id] as const,
      queryFn: () => getThread(box, id),
      retry: false,
    }),
  recipients: (q: string) =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'recipients', q] as const,
      queryFn: () => searchRecipients(q),
      enabled: q.trim().length >= 2,
      staleTime: 30_000,
    }),
};
