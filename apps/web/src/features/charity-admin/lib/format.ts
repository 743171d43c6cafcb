import { formatDateInput, GIVING_TYPES, labelOf, PROJECT_STATUSES, type Project } from '@kindred/shared';

/** 'Live', 'Draft', ... for a status code. */
export function statusLabel(status: number): string {
  return PROJECT_STATUSES.find((item) => item.id === status)?.label ?? `Status ${status}`;
}

export const STATUS_COLOURS: Record<number, string> = {
  0: 'red.9',
  1: 'gray.8',
  2: 'teal.9',
  3: 'indigo.8',
  9: 'dark.6',
};

/** An ISO date as the date inputs show it (mm/dd/yy), or a dash. */
export function showDate(iso: string | null | undefined): string {
  return formatDateInput(iso) || '—';
}

/** '1.2 MB', '830 KB', '12 bytes'. */
export function formatBytes(size: number): string {
  if (size >= 1024 * 1024) return `${(size / (1024 * 1024)).toFixed(1)} MB`;
  if (size >= 1024) return `${Math.round(size / 1024)} KB`;
  return `${size} bytes`;
}

/** The public page of a project (built by the explore capability). */
export const publicProjectPath = (id: number) => `/projects/${id}`;
/** The public page of a charity. */
export const publicCharityPath = (id: number) => `/charities/${id}`;

/** 'Funds, Volunteering' for the kinds of giving a project asks for. */
export function needsOf(project: Pick<Project, 'giving_kinds'>): string {
  const kinds = project.giving_kinds.map((kind) => labelOf(GIVING_TYPES, kind)).filter(Boolean);
  return kinds.length > 0 ? kinds.join(', ') : 'None yet';
}
