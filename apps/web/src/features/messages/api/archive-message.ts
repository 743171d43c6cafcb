import type { Message } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MailboxRef, messageQueries } from '@/entities/message';
import { api } from '@/lib/api-client';

/** DELETE /message/archive/{a}/{b}/{c}: this mailbox's copy only. */
export function archiveMessage(input: { box: MailboxRef; id: number }): Promise<Message> {
  return api.delete<Message>(`/message/archive/${input.box.ownerType}/${input.box.ownerId}/${input.id}`);
}

export function useArchiveMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageQueries.all() }),
  });
}
