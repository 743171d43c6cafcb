import type { Webhook } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AccountRef, accountApiPath } from '../lib/account';
import { integrationKeys } from './keys';

export interface RemoveWebhookInput {
  account: AccountRef;
  webhookId: number;
}

/**
 * DELETE /{charity|business}/{id}/webhooks/{hook_id}: the endpoint stops at once (what it was not
 * yet sent is not sent); answers the endpoints left.
 */
export function removeWebhook({ account, webhookId }: RemoveWebhookInput): Promise<{ items: Webhook[] }> {
  return api.delete<{ items: Webhook[] }>(`${accountApiPath(account)}/webhooks/${webhookId}`);
}

export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWebhook,
    onSuccess: (left, { account, webhookId }) => {
      queryClient.removeQueries({ queryKey: integrationKeys.deliveries(account, webhookId) });
      queryClient.setQueryData(integrationKeys.webhooks(account), left);
    },
  });
}
