import type { Message, MessageUpdateBody } from '@kindred/shared';
import { type MailboxRef, messageQueries } from '@/entities/message';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

export interface UpdateMessageInput {
  box: MailboxRef;
  id: number;
  body: MessageUpdateBody;
}

/** PATCH /message/update/{a}/{b}/{c}: edit a draft; status 2 sends it. Silent: the form shows the refusal. */
export function updateMessage({ box, id, body }: UpdateMessageInput): Promise<Message> {
  return api.patch<Message>(`/message/update/${box.ownerType}/${box.ownerId}/${id}`, body, { silent: true });
}

export function useUpdateMessage() {
  return useRefreshingMutation(updateMessage, () => messageQueries.all());
}
