import type { FundsMonth } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { charityPayoutsKey } from './keys';

/** GET /charity/{id}/funds/by_month: the last 12 months received, refunded and paid out. Quiet. */
export function getFundsByMonth(charityId: number): Promise<{ months: FundsMonth[] }> {
  return api.get<{ months: FundsMonth[] }>(`/charity/${charityId}/funds/by_month`, { silent: true });
}

export const fundsByMonthQuery = (charityId: number) =>
  queryOptions({
    queryKey: [...charityPayoutsKey(charityId), 'by-month'] as const,
    queryFn: () => getFundsByMonth(charityId),
  });
