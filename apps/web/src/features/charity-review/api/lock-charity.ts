import type { Charity } from '@kindred/shared';
import { lockAccount } from '@/entities/account';
import { useCharityReviewMutation } from './get-review-charities';

/** PATCH /admin/charity/{id}/lock */
export const lockCharity = lockAccount<Charity>('/admin/charity');

export const useLockCharity = () => useCharityReviewMutation(lockCharity);
