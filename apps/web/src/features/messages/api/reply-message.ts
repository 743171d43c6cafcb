import type { Message, MessageReplyBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageQueries } from '@/entities/message';
import { api } from '@/lib/api-client';

/** POST /message/reply. Silent: the reply form shows the refusal. */
export function replyMessage(body: MessageReplyBody): Promise<Message> {
  return api.post<Message>('/message/reply', body, { silent: true });
}

export function useReplyMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageQueries.all() }),
  });
}
