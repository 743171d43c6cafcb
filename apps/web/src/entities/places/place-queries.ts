import type { City, Page, State } from '@kindred/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The country whose regions and towns the screens offer (GET /state/by_country/1). */
export const COUNTRY_ID = 1;
/** Town suggestions per search, unless a screen asks for fewer. */
export const TOWN_SUGGESTIONS = 20;

/**
 * Reference data for pickers: quiet (no error toast, no loading bar); a picker whose list did not
 * load simply offers nothing.
 */
const quiet = { anonymous: true, background: true, silent: true } as const;

/** GET /state/by_country/1: the regions. */
export function getRegions(): Promise<Page<State>> {
  return api.get<Page<State>>(`/state/by_country/${COUNTRY_ID}`, quiet);
}

/** GET /city/by_state/{regionId}?q=&limit=: towns of a region whose name starts with `q`. */
export function searchTowns(
  regionId: number,
  q: string,
  limit: number,
  signal?: AbortSignal,
): Promise<Page<City>> {
  return api.get<Page<City>>(`/city/by_state/${regionId}`, { ...quiet, query: { q, limit }, signal });
}

/** Regions and towns. Their keys live here only. */
export const placeQueries = {
  regions: () =>
    queryOptions({
      queryKey: ['places', 'regions', COUNTRY_ID] as const,
      queryFn: getRegions,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** Disabled until a region is chosen (`regionId` null). */
  towns: (regionId: number | null, q: string, limit = TOWN_SUGGESTIONS) =>
    queryOptions({
      queryKey: ['places', 'towns', regionId, q, limit] as const,
      queryFn: ({ signal }) => searchTowns(regionId ?? 0, q, limit, signal),
      enabled: regionId !== null,
      placeholderData: keepPreviousData,
      staleTime: 5 * 60_000,
    }),
};
