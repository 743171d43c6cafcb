import type { AccountRef } from '../lib/account';

/**
 * The query keys of an account's integrations, written here only: its webhooks (with each one's
 * deliveries under it) and its API tokens.
 */
export const integrationKeys = {
  all: ({ kind, id }: AccountRef) => ['integrations', kind, id] as const,
  webhooks: (account: AccountRef) => [...integrationKeys.all(account), 'webhooks'] as const,
  deliveries: (account: AccountRef, webhookId: number) =>
    [...integrationKeys.webhooks(account), webhookId, 'deliveries'] as const,
  tokens: (account: AccountRef) => [...integrationKeys.all(account), 'api-tokens'] as const,
};
