import type { CharityDonationScope, DonationListFilters } from '@/entities/donation';

export interface InboxFilters {
  scope: CharityDonationScope;
  list: DonationListFilters;
}

const positive = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : undefined);
const isoDate = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined);

/** The inbox's filters as the address carries them (`?status=30&type=3&project=4&from=…&to=…&to_whom=direct`). */
export function readFilters(params: URLSearchParams): InboxFilters {
  const scopeText = params.get('given_to');
  const scope: CharityDonationScope = scopeText === 'projects' || scopeText === 'direct' ? scopeText : 'all';
  const list: DonationListFilters = {};
  const status = positive(params.get('status'));
  const type = positive(params.get('type'));
  const project = positive(params.get('project'));
  const from = isoDate(params.get('from'));
  const to = isoDate(params.get('to'));
  if (status !== undefined) list.status = status;
  if (type !== undefined) list.type = type;
  if (project !== undefined && scope !== 'direct') list.project_id = project;
  if (from) list.from = from;
  // A range that ends before it starts is not sent (the screen says why beside the field).
  if (to && !(from && to < from)) list.to = to;
  return { scope, list };
}

/** Names of the address parameters, per filter. */
export const FILTER_PARAMS = {
  scope: 'given_to',
  status: 'status',
  type: 'type',
  project: 'project',
  from: 'from',
  to: 'to',
} as const;
