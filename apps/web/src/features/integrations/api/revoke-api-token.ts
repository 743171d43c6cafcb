import type { ApiToken } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useCachingMutation } from '@/lib/mutations';
import { type AccountRef, accountApiPath } from '../lib/account';
import { integrationKeys } from './keys';

export interface RevokeApiTokenInput {
  account: AccountRef;
  tokenId: number;
}

/** DELETE /{charity|business}/{id}/api_tokens/{token_id}: it stops working at once; answers the tokens left. */
export function revokeApiToken({ account, tokenId }: RevokeApiTokenInput): Promise<{ items: ApiToken[] }> {
  return api.delete<{ items: ApiToken[] }>(`${accountApiPath(account)}/api_tokens/${tokenId}`);
}

export function useRevokeApiToken() {
  return useCachingMutation(revokeApiToken, (_left, { account }) => integrationKeys.tokens(account));
}
