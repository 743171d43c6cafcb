import type { Business } from '@kindred/shared';
import { reviewListQueries } from '@/entities/account';

/** GET /admin/business_list?status=: organisations by approval status. Their keys live here only. */
export const organisationReviewQueries = reviewListQueries<Business>(
  'organisation-review',
  '/admin/business_list',
);
