import type { Charity } from '@kindred/shared';
import { reviewListQueries, useReviewMutation } from '@/entities/account';
import { charityQueries } from '@/entities/charity';

/** GET /admin/charity/pending/list?status=: charities by approval status. Their keys live here only. */
export const reviewQueries = reviewListQueries<Charity>('charity-review', '/admin/charity/pending/list');

/** A review call on a charity (decide, lock): its cached detail takes the answer, the lists refetch. */
export const useCharityReviewMutation = <Input>(call: (input: Input) => Promise<Charity>) =>
  useReviewMutation(call, (charity) => charityQueries.detail(charity.id).queryKey, reviewQueries.all());
