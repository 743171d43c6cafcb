import type { Message } from '@kindred/shared';
import { type MailboxRef, messageQueries } from '@/entities/message';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** DELETE /message/archive/{a}/{b}/{c}: this mailbox's copy only. */
export function archiveMessage(input: { box: MailboxRef; id: number }): Promise<Message> {
  return api.delete<Message>(`/message/archive/${input.box.ownerType}/${input.box.ownerId}/${input.id}`);
}

export function useArchiveMessage() {
  return useRefreshingMutation(archiveMessage, () => messageQueries.all());
}
