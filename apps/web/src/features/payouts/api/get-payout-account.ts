import type { ProviderAccountInfo } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { charityPayoutsKey } from './keys';

/**
 * GET /stripe/account/{charityId}: the charity's payout account, or null when it has none yet (the
 * API answers 404). Quiet: the section shows a failure in place.
 */
export async function getPayoutAccount(charityId: number): Promise<ProviderAccountInfo | null> {
  try {
    return await api.get<ProviderAccountInfo>(`/stripe/account/${charityId}`, { silent: true });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const payoutAccountQuery = (charityId: number) =>
  queryOptions({
    queryKey: [...charityPayoutsKey(charityId), 'account'] as const,
    queryFn: () => getPayoutAccount(charityId),
  });
