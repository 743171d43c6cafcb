import type { Webhook, WebhookBody } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';
import { type AccountRef, accountApiPath } from '../lib/account';
import { integrationKeys } from './keys';

export interface AddWebhookInput {
  account: AccountRef;
  body: WebhookBody;
}

/** The endpoint added, with its signing secret: shown this once. */
export type AddedWebhook = Webhook & { secret: string };

/**
 * POST /{charity|business}/{id}/webhooks: a new endpoint for the events chosen. Silent: the form
 * shows a refusal beside its fields.
 */
export function addWebhook({ account, body }: AddWebhookInput): Promise<AddedWebhook> {
  return api.post<AddedWebhook>(`${accountApiPath(account)}/webhooks`, body, { silent: true });
}

export function useAddWebhook() {
  return useRefreshingMutation(addWebhook, ({ account }) => integrationKeys.webhooks(account));
}
