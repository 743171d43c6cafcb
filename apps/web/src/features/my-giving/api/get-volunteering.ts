import type { Donation } from '@kindred/shared';
import { givingListQuery } from './giving-list';

/** GET /user/volunteering/{type}: volunteering (3) or skilled volunteering (4), keyset paged. */
export const volunteeringQuery = (type: 3 | 4) =>
  givingListQuery<Donation>(['volunteering', type], `/user/volunteering/${type}`);
