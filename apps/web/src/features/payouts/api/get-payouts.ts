import type { Page, Payout } from '@kindred/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';
import { charityPayoutsKey } from './keys';

const PAGE_SIZE = 20;

/** GET /charity/{id}/payouts: the charity's payouts, newest first (view_finance). Quiet: shown in place. */
export function getPayouts(charityId: number, cursor: string | undefined): Promise<Page<Payout>> {
  return api.get<Page<Payout>>(`/charity/${charityId}/payouts`, {
    query: { limit: PAGE_SIZE, cursor },
    silent: true,
  });
}

export const payoutsQuery = (charityId: number) =>
  infiniteQueryOptions({
    queryKey: [...charityPayoutsKey(charityId), 'list'] as const,
    queryFn: ({ pageParam }) => getPayouts(charityId, pageParam),
    ...cursorPaging,
  });
