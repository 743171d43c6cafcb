import type { PayoutAccountForReview } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminPayoutsKey } from './keys';

/** GET /admin/payout_accounts?verified=false: charities' bank accounts waiting for a platform admin's check. Quiet. */
export function getPayoutAccounts(verified: boolean): Promise<{ items: PayoutAccountForReview[] }> {
  return api.get<{ items: PayoutAccountForReview[] }>('/admin/payout_accounts', {
    query: { verified: String(verified) },
    silent: true,
  });
}

export const payoutAccountsQuery = (verified: boolean) =>
  queryOptions({
    queryKey: [...adminPayoutsKey, 'accounts', verified] as const,
    queryFn: () => getPayoutAccounts(verified),
  });
