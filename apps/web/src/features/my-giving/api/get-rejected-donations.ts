import type { Donation } from '@kindred/shared';
import { givingListQuery } from './giving-list';

/** GET /user/rejected_donations: donations declined or returned (status 90), keyset paged. */
export const rejectedDonationsQuery = () =>
  givingListQuery<Donation>(['rejected'], '/user/rejected_donations');
