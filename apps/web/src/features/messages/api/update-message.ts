import type { Message, MessageUpdateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MailboxRef, messageQueries } from '@/entities/message';
import { api } from '@/lib/api-client';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageQueries.all() }),
  });
}
