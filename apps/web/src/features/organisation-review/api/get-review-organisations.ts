import type { Business } from '@kindred/shared';
import { reviewListQueries, useReviewMutation } from '@/entities/account';
import { organisationQueries } from '@/entities/organisation';

/** GET /admin/business_list?status=: organisations by approval status. Their keys live here only. */
export const organisationReviewQueries = reviewListQueries<Business>(
  'organisation-review',
  '/admin/business_list',
);

/** A review call on an organisation (decide, lock): its cached detail takes the answer, the lists refetch. */
export function useOrganisationReviewMutation<Input>(call: (input: Input) => Promise<Business>) {
  const detailKey = (business: Business) => organisationQueries.detail(business.id).queryKey;
  return useReviewMutation(call, detailKey, organisationReviewQueries.all());
}
