import type { Message, MessageCreateBody } from '@kindred/shared';
import { messageQueries } from '@/entities/message';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /message/create: status 1 saves a draft, 2 sends. Silent: the form shows the refusal. */
export function createMessage(body: MessageCreateBody): Promise<Message> {
  return api.post<Message>('/message/create', body, { silent: true });
}

export const useCreateMessage = () => useRefreshingMutation(createMessage, () => messageQueries.all());
