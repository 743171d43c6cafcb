import type { Charity } from '@kindred/shared';
import type { AccountDecision } from '@/entities/account';
import { api } from '@/lib/api-client';
import { useCharityReviewMutation } from './get-review-charities';

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

export const useDecideCharity = () => useCharityReviewMutation(decideCharity);
