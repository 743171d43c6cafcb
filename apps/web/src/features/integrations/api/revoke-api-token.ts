import type { ApiToken } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (left, { account }) => queryClient.setQueryData(integrationKeys.tokens(account), left),
  });
}
