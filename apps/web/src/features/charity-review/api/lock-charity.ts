import type { Charity } from '@kindred/shared';
import { type AccountLock, useReviewMutation } from '@/entities/account';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';
import { reviewQueries } from './get-review-charities';

/** PATCH /admin/charity/{id}/lock */
export function lockCharity({ id, ...body }: AccountLock): Promise<Charity> {
  return api.patch<Charity>(`/admin/charity/${id}/lock`, body);
}

export function useLockCharity() {
  return useReviewMutation(
    lockCharity,
    (charity) => charityQueries.detail(charity.id).queryKey,
    reviewQueries.all(),
  );
}
