import type { Charity, Page } from '@kindred/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminCharityKeys, charityKeys } from './keys';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/** GET /admin/charity/pending/list?status= */
export function useAdminCharities(status: ApprovalStatus, enabled = true) {
  return useInfiniteQuery({
    queryKey: adminCharityKeys.list(status),
    queryFn: ({ pageParam }) =>
      api.get<Page<Charity>>('/admin/charity/pending/list', {
        query: { status, limit: 20, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
  });
}

/** POST /admin/charity/pending/update: accept, or reject with a reason; the applicant is mailed. */
export function useDecideCharity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { charity_id: number; status: 'approved' | 'rejected'; reason?: string }) =>
      api.post<Charity>('/admin/charity/pending/update', body),
    onSuccess: (charity) => {
      queryClient.setQueryData(charityKeys.charity(charity.id), charity);
      return queryClient.invalidateQueries({ queryKey: adminCharityKeys.all });
    },
  });
}

/** PATCH /admin/charity/{id}/lock */
export function useLockCharity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; lock_status: boolean }) =>
      api.patch<Charity>(`/admin/charity/${input.id}/lock`, { lock_status: input.lock_status }),
    onSuccess: (charity) => {
      queryClient.setQueryData(charityKeys.charity(charity.id), charity);
      return queryClient.invalidateQueries({ queryKey: adminCharityKeys.all });
    },
  });
}
