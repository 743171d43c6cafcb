import type { Message, MessageCreateBody } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageQueries } from '@/entities/message';
import { api } from '@/lib/api-client';

/** POST /message/create: status 1 saves a draft, 2 sends. Silent: the form shows the refusal. */
export function createMessage(body: MessageCreateBody): Promise<Message> {
  return api.post<Message>('/message/create', body, { silent: true });
}

export function useCreateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageQueries.all() }),
  });
}
