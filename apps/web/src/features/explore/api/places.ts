import type { City, Page, State } from '@kindred/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The country whose regions and towns "near a place" offers. */
export const COUNTRY_ID = 1;
const TOWN_SUGGESTIONS = 10;

/** GET /state/by_country/1: the regions. */
export function getRegions(): Promise<Page<State>> {
  return api.get<Page<State>>(`/state/by_country/${COUNTRY_ID}`, {
    anonymous: true,
    background: true,
    silent: true,
  });
}

/** GET /city/by_state/{regionId}?q=: towns of a region whose name starts with `q`. */
export function searchTowns(regionId: number, q: string, signal?: AbortSignal): Promise<Page<City>> {
  return api.get<Page<City>>(`/city/by_state/${regionId}`, {
    query: { q, limit: TOWN_SUGGESTIONS },
    anonymous: true,
    background: true,
    silent: true,
    signal,
  });
}

export function useRegions() {
  return useQuery({
    queryKey: ['states', COUNTRY_ID],
    queryFn: getRegions,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTownSearch(regionId: number | null, q: string) {
  return useQuery({
    queryKey: ['cities', regionId, q, TOWN_SUGGESTIONS],
    queryFn: ({ signal }) => searchTowns(regionId ?? 0, q, signal),
    enabled: regionId !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
