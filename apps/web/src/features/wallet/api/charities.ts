import type { Charity, Page } from '@kindred/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /charity/list?q=: approved charities by name (an organisation's charity subscription). */
export function searchCharities(q: string, signal?: AbortSignal): Promise<Page<Charity>> {
  return api.get<Page<Charity>>('/charity/list', {
    query: { q: q || undefined, limit: 20 },
    signal,
    background: true,
  });
}

export function useCharitySearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['charities', 'search', q],
    queryFn: ({ signal }) => searchCharities(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
