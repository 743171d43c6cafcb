import type { futureDonationsSchema } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';

export type FutureDonation = z.infer<typeof futureDonationsSchema>['items'][number];

/** GET /user/future_donations: the coming gifts of running subscriptions (next 12 months). */
export const futureDonationsQuery = () =>
  queryOptions({
    queryKey: donationQueries.key('future'),
    queryFn: ({ signal }) =>
      api.get<{ items: FutureDonation[] }>('/user/future_donations', { signal }).then((r) => r.items),
  });
