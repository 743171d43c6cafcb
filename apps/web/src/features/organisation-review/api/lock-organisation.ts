import type { Business } from '@kindred/shared';
import { lockAccount } from '@/entities/account';
import { useOrganisationReviewMutation } from './get-review-organisations';

/** PATCH /admin/business/{id}/lock */
export const lockOrganisation = lockAccount<Business>('/admin/business');

export const useLockOrganisation = () => useOrganisationReviewMutation(lockOrganisation);
