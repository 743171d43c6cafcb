import type { SessionDetail } from '@kindred/shared';
import { api } from '@/lib/api-client';

/**
 * GET /user/get: the signed-in user and their memberships
 * (docs/product/wire-contract.md#answers-the-web-relies-on).
 */
export function getSessionDetail(options: { background?: boolean } = {}): Promise<SessionDetail> {
  return api.get<SessionDetail>('/user/get', options);
}
