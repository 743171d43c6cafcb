import { GIVING_TYPES, labelOf, PROJECT_STATUSES, type Project } from '@kindred/shared';

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

/** 'Funds, Volunteering' for the kinds of giving a project asks for. */
export function needsOf(project: Pick<Project, 'giving_kinds'>): string {
  const kinds = project.giving_kinds.map((kind) => labelOf(GIVING_TYPES, kind)).filter(Boolean);
  return kinds.length > 0 ? kinds.join(', ') : 'None yet';
}

/** The public page of a project. */
export const publicProjectPath = (id: number) => `/projects/${id}`;
/** The project's donate button: the giving page other sites may frame (docs/product/embed.md). */
export const embedProjectPath = (id: number) => `/embed/project/${id}`;
