import type { Charity } from '@kindred/shared';
import { type AccountDecision, useReviewMutation } from '@/entities/account';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';
import { reviewQueries } from './get-review-charities';

/**
 * POST /admin/charity/pending/update: accept, or reject with a reason; the applicant is mailed. A
 * rejection is silent: its dialog shows the refusal.
 */
export function decideCharity({ id, ...decision }: AccountDecision): Promise<Charity> {
  return api.post<Charity>(
    '/admin/charity/pending/update',
    { charity_id: id, ...decision },
    { silent: decision.status === 'rejected' },
  );
}

export function useDecideCharity() {
  return useReviewMutation(
    decideCharity,
    (charity) => charityQueries.detail(charity.id).queryKey,
    reviewQueries.all(),
  );
}
