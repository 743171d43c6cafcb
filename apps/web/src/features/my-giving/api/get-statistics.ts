import type { DonorStatistics } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';

/** GET /user/total_statistics: what the donor has given, in all and by month. */
export const statisticsQuery = () =>
  queryOptions({
    queryKey: donationQueries.key('statistics'),
    queryFn: ({ signal }) => api.get<DonorStatistics>('/user/total_statistics', { signal }),
  });
