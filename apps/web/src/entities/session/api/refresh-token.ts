import type { TokenResponse } from '@kindred/shared';
import { api } from '@/lib/api-client';

/** GET /user/refresh: a fresh token. Skips the freshness check, since it is that check's call. */
export function refreshToken(): Promise<TokenResponse> {
  return api.get<TokenResponse>('/user/refresh', { skipRefresh: true, silent: true, background: true });
}
