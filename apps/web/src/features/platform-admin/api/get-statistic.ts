import type { Statistic, StatisticName } from '@kindred/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DateRange } from '@/lib/date-range';
import { platformAdminKey } from './keys';

export type { DateRange } from '@/lib/date-range';

/** GET /admin/statistics/{name}?from=&to=: one figure for the range, by month, with its definition. */
export function getStatistic(
  name: StatisticName,
  range: DateRange,
  signal?: AbortSignal,
): Promise<Statistic> {
  return api.get<Statistic>(`/admin/statistics/${name}`, {
    query: { from: range.from, to: range.to },
    signal,
  });
}

export const statisticQueries = {
  one: (name: StatisticName, range: DateRange) =>
    queryOptions({
      queryKey: [...platformAdminKey, 'statistics', name, range.from, range.to] as const,
      queryFn: ({ signal }) => getStatistic(name, range, signal),
      placeholderData: keepPreviousData,
    }),
};
