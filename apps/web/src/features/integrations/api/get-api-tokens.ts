import type { ApiToken } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AccountRef, accountApiPath } from '../lib/account';
import { integrationKeys } from './keys';

/** GET /{charity|business}/{id}/api_tokens: the tokens not revoked, newest first. Quiet. */
export function getApiTokens(account: AccountRef): Promise<{ items: ApiToken[] }> {
  return api.get<{ items: ApiToken[] }>(`${accountApiPath(account)}/api_tokens`, { silent: true });
}

export const apiTokensQuery = (account: AccountRef) =>
  queryOptions({ queryKey: integrationKeys.tokens(account), queryFn: () => getApiTokens(account) });
