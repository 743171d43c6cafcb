import type { Page, WebhookDelivery } from '@kindred/shared';
import { type InfiniteData, infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';
import { type AccountRef, accountApiPath } from '../lib/account';
import { whilePending } from '../lib/pending';
import { integrationKeys } from './keys';

/** Deliveries a page of the log. */
export const DELIVERIES_PAGE_SIZE = 20;

/** GET /{charity|business}/{id}/webhooks/{hook_id}/deliveries: one page, newest first. Quiet. */
export function getDeliveries(
  account: AccountRef,
  webhookId: number,
  cursor: string | undefined,
): Promise<Page<WebhookDelivery>> {
  return api.get<Page<WebhookDelivery>>(`${accountApiPath(account)}/webhooks/${webhookId}/deliveries`, {
    query: { limit: DELIVERIES_PAGE_SIZE, cursor },
    silent: true,
  });
}

export const deliveriesQuery = (account: AccountRef, webhookId: number) =>
  infiniteQueryOptions({
    queryKey: integrationKeys.deliveries(account, webhookId),
    queryFn: ({ pageParam }) => getDeliveries(account, webhookId, pageParam),
    ...cursorPaging,
    refetchInterval: whilePending((data: InfiniteData<Page<WebhookDelivery>>) =>
      data.pages.some((page) => page.items.some((delivery) => delivery.status === 'pending')),
    ),
  });
