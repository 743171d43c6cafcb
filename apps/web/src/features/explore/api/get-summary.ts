import type { ExploreSummary } from '@kindred/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where the visitor said they are, for the "near you" list; null until they ask. */
export type VisitorPlace = { lat: number; lng: number } | null;

/** GET /explore/summary: the totals given and the landing page's featured lists. */
export function getExploreSummary(place: VisitorPlace, signal?: AbortSignal): Promise<ExploreSummary> {
  return api.get<ExploreSummary>('/explore/summary', {
    query: place ? { lat: place.lat, lng: place.lng } : {},
    anonymous: true,
    silent: true,
    signal,
  });
}

/** The landing page's one query; its key lives here only, under `['explore', 'summary']`. */
export const summaryQueries = {
  summary: (place: VisitorPlace) =>
    queryOptions({
      queryKey: ['explore', 'summary', place] as const,
      queryFn: ({ signal }) => getExploreSummary(place, signal),
      // Asking for "near me" keeps the figures and lists on screen while the new answer comes.
      placeholderData: keepPreviousData,
    }),
};
