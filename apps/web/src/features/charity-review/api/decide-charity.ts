import type { Charity } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { charityQueries } from '@/entities/charity';
import { api } from '@/lib/api-client';
import { reviewQueries } from './get-review-charities';

export interface CharityDecision {
  charity_id: number;
  status: 'approved' | 'rejected';
  reason?: string;
}

/**
 * POST /admin/charity/pending/update: accept, or reject with a reason; the applicant is mailed. A
 * rejection is silent: its dialog shows the refusal.
 */
export function decideCharity(body: CharityDecision): Promise<Charity> {
  return api.post<Charity>('/admin/charity/pending/update', body, { silent: body.status === 'rejected' });
}

export function useDecideCharity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCharity,
    onSuccess: (charity) => {
      queryClient.setQueryData(charityQueries.detail(charity.id).queryKey, charity);
      return queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
    },
  });
}
