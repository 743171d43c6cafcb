import type { CharityCard, FundraiserCard, GroupCard, Locations, Page, ProjectCard } from '@kindred/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/query-parts';

export type Query = Record<string, string | number | boolean | undefined>;

/** Cards per page of the explore lists. */
export const EXPLORE_PAGE_SIZE = 12;

/** A map view: "west,south,east,north" and the zoom level (the API clusters by zoom). */
export interface MapView {
  bbox: string;
  zoom: number;
}

export type ExploreListKind = 'project' | 'charity' | 'group' | 'fundraiser';
export type ExploreMapKind = 'project' | 'charity';

/** GET /explore/{kind}/list: one keyset page. */
export function getExploreList<T>(
  kind: ExploreListKind,
  query: Query,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<T>> {
  return api.get<Page<T>>(`/explore/${kind}/list`, {
    query: { ...query, limit: EXPLORE_PAGE_SIZE, ...(cursor ? { cursor, direction: 'after' } : {}) },
    anonymous: true,
    silent: true,
    signal,
  });
}

/** GET /explore/{kind}/locations: points, or clusters when many are in view. */
export function getLocations(
  kind: ExploreMapKind,
  query: Query,
  view: { bbox?: string; zoom: number },
  signal?: AbortSignal,
): Promise<Locations> {
  return api.get<Locations>(`/explore/${kind}/locations`, {
    query: { ...query, bbox: view.bbox, zoom: view.zoom },
    anonymous: true,
    silent: true,
    // The map refetches as it moves: no page-wide loading bar for that.
    background: true,
    signal,
  });
}

/** Explore's queries. Their keys live here only, all under `['explore', kind]`. */
export const exploreQueries = {
  list: <T>(kind: ExploreListKind, query: Query) =>
    infiniteQueryOptions({
      queryKey: ['explore', kind, 'list', query] as const,
      queryFn: ({ pageParam, signal }) => getExploreList<T>(kind, query, pageParam, signal),
      ...cursorPaging,
      placeholderData: keepPreviousData,
    }),
  /** Disabled until the map reports its view (`view` null). */
  locations: (kind: ExploreMapKind, query: Query, view: MapView | null) =>
    queryOptions({
      queryKey: ['explore', kind, 'locations', query, view] as const,
      queryFn: ({ signal }) => getLocations(kind, query, view as MapView, signal),
      enabled: view !== null,
      placeholderData: keepPreviousData,
    }),
  /** Where the results of a search are in the whole country, to fit the map to them. */
  overview: (kind: ExploreMapKind, query: Query, zoom: number) =>
    queryOptions({
      queryKey: ['explore', kind, 'locations', query, 'overview'] as const,
      queryFn: ({ signal }) => getLocations(kind, query, { zoom }, signal),
    }),
};

export const useProjectList = (query: Query, enabled = true) =>
  useInfiniteQuery({ ...exploreQueries.list<ProjectCard>('project', query), enabled });
export const useCharityList = (query: Query, enabled = true) =>
  useInfiniteQuery({ ...exploreQueries.list<CharityCard>('charity', query), enabled });
export const useGroupList = (query: Query, enabled = true) =>
  useInfiniteQuery({ ...exploreQueries.list<GroupCard>('group', query), enabled });
export const useFundraiserList = (query: Query, enabled = true) =>
  useInfiniteQuery({ ...exploreQueries.list<FundraiserCard>('fundraiser', query), enabled });

export const useLocations = (kind: ExploreMapKind, query: Query, view: MapView | null) =>
  useQuery(exploreQueries.locations(kind, query, view));
