import {
  CHARITY_TYPES,
  DEFAULT_RADIUS_KM,
  FUNDRAISER_SORTS,
  type FundraiserSort,
  GIFT_TYPES,
  GROUP_TYPES,
  type ProjectExploreQuery,
  SKILL_TYPES,
} from '@kindred/shared';

/**
 * The explore screen keeps its whole state in the URL search parameters, so a search can be
 * shared, reloaded and walked with back and forward. The names are those of the API's query
 * (`charity_type`, `giving_kind`, ...) plus `tab`, `view` and `place` (the name of the chosen
 * place, shown back to the visitor). Values that are out of range are ignored, and defaults are
 * left out of the URL so that one search has one address.
 */

export const EXPLORE_TABS = ['projects', 'charities', 'groups', 'fundraisers'] as const;
export type ExploreTab = (typeof EXPLORE_TABS)[number];
export const EXPLORE_VIEWS = ['list', 'map'] as const;
export type ExploreView = (typeof EXPLORE_VIEWS)[number];
export const PROJECT_SORTS = ['newest', 'ending', 'nearest', 'supported'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export { FUNDRAISER_SORTS, type FundraiserSort };
/** Every order a tab offers: a tab ignores the orders of the others. */
export type ExploreSort = ProjectSort | FundraiserSort;
const EXPLORE_SORTS: readonly ExploreSort[] = [...new Set([...PROJECT_SORTS, ...FUNDRAISER_SORTS])];

/** Kinds of giving a project can need (GIVING_TYPES without the manual adjustment). */
export const GIVING_KIND_IDS = [2, 3, 4, 5] as const;
const MIN_GIVING_KIND = 2;
const MAX_GIVING_KIND = 5;
/** The distances offered for "near a place", in km. */
export const RADIUS_OPTIONS_KM = [5, 10, 25, 50, 100, 250] as const;
export const MIN_RADIUS_KM = 1;
export const MAX_RADIUS_KM = 1000;

export interface ExploreFilters {
  tab: ExploreTab;
  view: ExploreView;
  q: string;
  charityType: number | null;
  givingKind: number | null;
  skillType: number | null;
  giftType: number | null;
  groupType: number | null;
  /** A town from GET /city/by_state; wins over lat/lng. */
  cityId: number | null;
  lat: number | null;
  lng: number | null;
  /** The chosen place's name, for display ('Bristol', 'your location'). */
  placeName: string | null;
  radiusKm: number;
  endingSoon: boolean;
  /** The order asked for; each tab reads only its own orders (projects', fundraisers'). */
  sort: ExploreSort | null;
}

export const DEFAULT_FILTERS: ExploreFilters = {
  tab: 'projects',
  view: 'list',
  q: '',
  charityType: null,
  givingKind: null,
  skillType: null,
  giftType: null,
  groupType: null,
  cityId: null,
  lat: null,
  lng: null,
  placeName: null,
  radiusKm: DEFAULT_RADIUS_KM,
  endingSoon: false,
  sort: null,
};

const Q_MAX = 100;
const PLACE_NAME_MAX = 100;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

function intIn(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function numberIn(value: string | null, min: number, max: number): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

/** Whether a place (a town or a point) is chosen. */
export function hasPlace(filters: Pick<ExploreFilters, 'cityId' | 'lat' | 'lng'>): boolean {
  return filters.cityId !== null || (filters.lat !== null && filters.lng !== null);
}

/** Reads the filters from the URL search parameters. */
export function parseFilters(params: URLSearchParams): ExploreFilters {
  const lat = numberIn(params.get('lat'), -90, 90);
  const lng = numberIn(params.get('lng'), -180, 180);
  const cityId = intIn(params.get('city_id'), 1, Number.MAX_SAFE_INTEGER);
  const point = lat !== null && lng !== null;
  const place = cityId !== null || point;
  const placeName = params.get('place')?.trim().slice(0, PLACE_NAME_MAX) || null;
  return {
    tab: oneOf(EXPLORE_TABS, params.get('tab')) ?? DEFAULT_FILTERS.tab,
    view: oneOf(EXPLORE_VIEWS, params.get('view')) ?? DEFAULT_FILTERS.view,
    q: (params.get('q') ?? '').trim().slice(0, Q_MAX),
    charityType: intIn(params.get('charity_type'), 1, CHARITY_TYPES.length),
    givingKind: intIn(params.get('giving_kind'), MIN_GIVING_KIND, MAX_GIVING_KIND),
    skillType: intIn(params.get('skill_type'), 1, SKILL_TYPES.length),
    giftType: intIn(params.get('gift_type'), 1, GIFT_TYPES.length),
    groupType: intIn(params.get('group_type'), 1, GROUP_TYPES.length),
    cityId,
    lat: cityId === null && point ? lat : null,
    lng: cityId === null && point ? lng : null,
    placeName: place ? placeName : null,
    radiusKm:
      (place ? numberIn(params.get('radius_km'), MIN_RADIUS_KM, MAX_RADIUS_KM) : null) ??
      DEFAULT_FILTERS.radiusKm,
    endingSoon: params.get('ending_soon') === 'true',
    sort: oneOf(EXPLORE_SORTS, params.get('sort')),
  };
}

/** Writes the filters as URL search parameters, leaving defaults out (one search, one address). */
export function filtersToParams(filters: ExploreFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  };
  if (filters.tab !== DEFAULT_FILTERS.tab) set('tab', filters.tab);
  if (filters.view !== DEFAULT_FILTERS.view) set('view', filters.view);
  set('q', filters.q.trim());
  set('charity_type', filters.charityType);
  set('giving_kind', filters.givingKind);
  set('skill_type', filters.skillType);
  set('gift_type', filters.giftType);
  set('group_type', filters.groupType);
  if (filters.cityId !== null) {
    set('city_id', filters.cityId);
  } else if (filters.lat !== null && filters.lng !== null) {
    set('lat', filters.lat);
    set('lng', filters.lng);
  }
  if (hasPlace(filters)) {
    set('place', filters.placeName);
    if (filters.radiusKm !== DEFAULT_FILTERS.radiusKm) set('radius_km', filters.radiusKm);
  }
  if (filters.endingSoon) set('ending_soon', 'true');
  set('sort', filters.sort);
  return params;
}

/** The URL parameters after a change of some filters. */
export function withFilters(params: URLSearchParams, patch: Partial<ExploreFilters>): URLSearchParams {
  return filtersToParams({ ...parseFilters(params), ...patch });
}

/** The filters that narrow a search (not the tab, the view nor the sort). */
export function activeFilterCount(filters: ExploreFilters): number {
  const { q, charityType, givingKind, skillType, giftType, groupType, endingSoon } = filters;
  switch (filters.tab) {
    case 'groups':
      return [q, groupType].filter(Boolean).length;
    case 'fundraisers':
      return [q].filter(Boolean).length;
    case 'charities':
      return [q, charityType, hasPlace(filters)].filter(Boolean).length;
    default:
      return [q, charityType, givingKind, skillType, giftType, hasPlace(filters), endingSoon].filter(Boolean)
        .length;
  }
}

/** The filters as they were before any was chosen, keeping the tab and the view. */
export function clearedFilters(filters: ExploreFilters): ExploreFilters {
  return { ...DEFAULT_FILTERS, tab: filters.tab, view: filters.view };
}

type Query = Record<string, string | number | boolean | undefined>;

function nearQuery(filters: ExploreFilters): Query {
  if (filters.cityId !== null) return { city_id: filters.cityId, radius_km: filters.radiusKm };
  if (filters.lat !== null && filters.lng !== null)
    return { lat: filters.lat, lng: filters.lng, radius_km: filters.radiusKm };
  return {};
}

function compact(query: Query): Query {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
}

/** Filters of GET /explore/project/list and /explore/project/locations. */
export type ProjectFilterQuery = Partial<
  Pick<
    ProjectExploreQuery,
    | 'q'
    | 'charity_type'
    | 'giving_kind'
    | 'skill_type'
    | 'gift_type'
    | 'city_id'
    | 'lat'
    | 'lng'
    | 'radius_km'
    | 'ending_soon'
    | 'charity_id'
  >
>;

/** The project filters of the API (for the list and the map). */
export function projectFilterQuery(filters: ExploreFilters): ProjectFilterQuery {
  return compact({
    q: filters.q || undefined,
    charity_type: filters.charityType ?? undefined,
    giving_kind: filters.givingKind ?? undefined,
    skill_type: filters.skillType ?? undefined,
    gift_type: filters.giftType ?? undefined,
    ending_soon: filters.endingSoon || undefined,
    ...nearQuery(filters),
  }) as ProjectFilterQuery;
}

/**
 * The project sort the API applies: 'nearest' needs a place, so it is dropped without one, as is
 * an order of another tab.
 */
export function effectiveSort(filters: ExploreFilters): ProjectSort | undefined {
  const sort = oneOf(PROJECT_SORTS, filters.sort);
  if (sort === 'nearest' && !hasPlace(filters)) return undefined;
  return sort ?? undefined;
}

/** The fundraisers' order: most raised first unless another of theirs is asked for. */
export function fundraiserSort(filters: ExploreFilters): FundraiserSort {
  return oneOf(FUNDRAISER_SORTS, filters.sort) ?? 'raised';
}

/** GET /explore/project/list query (without paging). */
export function projectListQuery(filters: ExploreFilters): ProjectFilterQuery & { sort?: ProjectSort } {
  const sort = effectiveSort(filters);
  return { ...projectFilterQuery(filters), ...(sort ? { sort } : {}) };
}

/** GET /explore/charity/list and /explore/charity/locations query (without paging). */
export function charityListQuery(filters: ExploreFilters): Query {
  return compact({
    q: filters.q || undefined,
    charity_type: filters.charityType ?? undefined,
    ...nearQuery(filters),
  });
}

/** GET /explore/group/list query (without paging). */
export function groupListQuery(filters: ExploreFilters): Query {
  return compact({ q: filters.q || undefined, group_type: filters.groupType ?? undefined });
}

/** GET /explore/fundraiser/list query (without paging); the default order is left out. */
export function fundraiserListQuery(filters: ExploreFilters): Query {
  const sort = fundraiserSort(filters);
  return compact({ q: filters.q || undefined, sort: sort === 'raised' ? undefined : sort });
}
