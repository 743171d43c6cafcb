import type { Subscription } from '@kindred/shared';
import { givingListQuery } from './giving-list';

export const SUBSCRIPTIONS_PAGE_SIZE = 20;

/** GET /user/donation_subscriptions: the donor's recurring donations, keyset paged. */
export const subscriptionsQuery = () =>
  givingListQuery<Subscription>(['subscriptions'], '/user/donation_subscriptions', SUBSCRIPTIONS_PAGE_SIZE);
