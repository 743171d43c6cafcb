import type { Webhook } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AccountRef, accountApiPath } from '../lib/account';
import { whilePending } from '../lib/pending';
import { integrationKeys } from './keys';

/** GET /{charity|business}/{id}/webhooks: the account's endpoints with their last delivery. Quiet. */
export function getWebhooks(account: AccountRef): Promise<{ items: Webhook[] }> {
  return api.get<{ items: Webhook[] }>(`${accountApiPath(account)}/webhooks`, { silent: true });
}

export const webhooksQuery = (account: AccountRef) =>
  queryOptions({
    queryKey: integrationKeys.webhooks(account),
    queryFn: () => getWebhooks(account),
    refetchInterval: whilePending((data: { items: Webhook[] }) =>
      data.items.some((webhook) => webhook.last_delivery?.status === 'pending'),
    ),
  });
