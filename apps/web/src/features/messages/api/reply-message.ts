import type { Message, MessageReplyBody } from '@kindred/shared';
import { messageQueries } from '@/entities/message';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

/** POST /message/reply. Silent: the reply form shows the refusal. */
export function replyMessage(body: MessageReplyBody): Promise<Message> {
  return api.post<Message>('/message/reply', body, { silent: true });
}

export const useReplyMessage = () => useRefreshingMutation(replyMessage, () => messageQueries.all());
