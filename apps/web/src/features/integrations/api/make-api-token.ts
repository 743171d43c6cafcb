import type { ApiToken, ApiTokenBody } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';
import { type AccountRef, accountApiPath } from '../lib/account';
import { integrationKeys } from './keys';

export interface MakeApiTokenInput {
  account: AccountRef;
  body: ApiTokenBody;
}

/** The token made, with its value: shown this once. */
export type MadeApiToken = ApiToken & { token: string };

/**
 * POST /{charity|business}/{id}/api_tokens: a token with scopes and an expiry. Silent: the form
 * shows a refusal beside its fields.
 */
export function makeApiToken({ account, body }: MakeApiTokenInput): Promise<MadeApiToken> {
  return api.post<MadeApiToken>(`${accountApiPath(account)}/api_tokens`, body, { silent: true });
}

export function useMakeApiToken() {
  return useRefreshingMutation(makeApiToken, ({ account }) => integrationKeys.tokens(account));
}
