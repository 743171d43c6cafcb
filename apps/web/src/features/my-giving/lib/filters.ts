import type { DonationListFilters } from '@/entities/donation';

/** The URL's names of the donation list filters (what `GET /user/donations` takes). */
export const FILTER_KEYS = ['type', 'status', 'project_id', 'charity_id', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function positive(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** The filters written in the URL; anything malformed is left out. */
export function filtersFrom(params: URLSearchParams): DonationListFilters {
  const filters: DonationListFilters = {};
  const type = positive(params.get('type'));
  if (type !== undefined && type >= 2 && type <= 5) filters.type = type;
  const status = positive(params.get('status'));
  if (status !== undefined && status >= 20 && status <= 90) filters.status = status;
  const project = positive(params.get('project_id'));
  if (project !== undefined) filters.project_id = project;
  const charity = positive(params.get('charity_id'));
  if (charity !== undefined) filters.charity_id = charity;
  const from = params.get('from');
  if (from && ISO_DATE.test(from)) filters.from = from;
  const to = params.get('to');
  if (to && ISO_DATE.test(to)) filters.to = to;
  return filters;
}

/** The URL with one filter set (or removed when empty); other parameters are kept. */
export function withFilter(params: URLSearchParams, key: FilterKey, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

/** The URL without any filter. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  return next;
}
