import type { Page, Payout, PayoutStatus } from '@kindred/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';
import { adminPayoutsKey } from './keys';

const PAGE_SIZE = 20;

/** GET /admin/payouts?status=: every charity's payouts of one status, newest first. Quiet: shown in place. */
export function getAdminPayouts(status: PayoutStatus, cursor: string | undefined): Promise<Page<Payout>> {
  return api.get<Page<Payout>>('/admin/payouts', {
    query: { status, limit: PAGE_SIZE, cursor },
    silent: true,
  });
}

export const adminPayoutsQuery = (status: PayoutStatus) =>
  infiniteQueryOptions({
    queryKey: [...adminPayoutsKey, 'list', status] as const,
    queryFn: ({ pageParam }) => getAdminPayouts(status, pageParam),
    ...cursorPaging,
  });
