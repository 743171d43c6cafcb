import type { City, Page, State } from '@kindred/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The country whose regions are offered (GET /state/by_country/1). */
export const COUNTRY_ID = 1;
const TOWN_SUGGESTION_LIMIT = 20;

/** GET /state/by_country/1 */
export function getStates(): Promise<Page<State>> {
  return api.get<Page<State>>(`/state/by_country/${COUNTRY_ID}`, { anonymous: true, background: true });
}

/** GET /city/by_state/{stateId}?q=: towns whose name starts with `q`. */
export function searchTowns(stateId: number, q: string, signal?: AbortSignal): Promise<Page<City>> {
  return api.get<Page<City>>(`/city/by_state/${stateId}`, {
    query: { q, limit: TOWN_SUGGESTION_LIMIT },
    anonymous: true,
    background: true,
    signal,
  });
}

export function useStates() {
  return useQuery({
    queryKey: ['states', COUNTRY_ID],
    queryFn: getStates,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTownSearch(stateId: number | null, q: string) {
  return useQuery({
    queryKey: ['cities', stateId, q],
    queryFn: ({ signal }) => searchTowns(stateId ?? 0, q, signal),
    enabled: stateId !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
