import type { Business, Page } from '@kindred/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/** GET /admin/business_list?status=: organisations by approval status (platform admins). */
export function getReviewOrganisations(
  status: ApprovalStatus,
  cursor: string | undefined,
): Promise<Page<Business>> {
  return api.get<Page<Business>>('/admin/business_list', { query: { status, limit: 20, cursor } });
}

/** The review lists. Their keys live here only. */
export const organisationReviewQueries = {
  all: () => ['organisation-review'] as const,
  list: (status: ApprovalStatus) =>
    infiniteQueryOptions({
      queryKey: [...organisationReviewQueries.all(), status] as const,
      queryFn: ({ pageParam }) => getReviewOrganisations(status, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next_cursor ?? undefined,
    }),
};
