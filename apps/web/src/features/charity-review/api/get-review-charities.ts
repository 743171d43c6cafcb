import type { Charity, Page } from '@kindred/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/** GET /admin/charity/pending/list?status=: charities by approval status (platform admins). */
export function getReviewCharities(
  status: ApprovalStatus,
  cursor: string | undefined,
): Promise<Page<Charity>> {
  return api.get<Page<Charity>>('/admin/charity/pending/list', { query: { status, limit: 20, cursor } });
}

/** The review lists. Their keys live here only. */
export const reviewQueries = {
  all: () => ['charity-review'] as const,
  list: (status: ApprovalStatus) =>
    infiniteQueryOptions({
      queryKey: [...reviewQueries.all(), status] as const,
      queryFn: ({ pageParam }) => getReviewCharities(status, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next_cursor ?? undefined,
    }),
};
