import type { WebhookDelivery } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';
import { type AccountRef, accountApiPath } from '../lib/account';
import { integrationKeys } from './keys';

export interface RetryDeliveryInput {
  account: AccountRef;
  webhookId: number;
  deliveryId: number;
}

/**
 * POST /{charity|business}/{id}/webhooks/{hook_id}/deliveries/{delivery_id}/retry: sends it again
 * now, and turns a turned-off endpoint on again
 * (docs/product/webhooks-and-api-tokens.md#retries).
 */
export function retryDelivery({
  account,
  webhookId,
  deliveryId,
}: RetryDeliveryInput): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(
    `${accountApiPath(account)}/webhooks/${webhookId}/deliveries/${deliveryId}/retry`,
  );
}

export function useRetryDelivery() {
  // The log and the list (the endpoint's state and last delivery) both change.
  return useRefreshingMutation(retryDelivery, ({ account }) => integrationKeys.webhooks(account));
}
