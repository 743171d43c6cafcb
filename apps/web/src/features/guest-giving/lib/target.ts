import type { Project } from '@kindred/shared';

/**
 * Where a guest's gift goes: a Live project, or a charity directly. The same shape as the give
 * flow's target, so a route hands either one in.
 */
export type GuestGiveTarget =
  | { kind: 'project'; project: Project; fundraiser?: GuestThroughFundraiser }
  | { kind: 'charity'; charity: { id: number; name: string }; fundraiser?: GuestThroughFundraiser };

/** The fundraising page a gift is given through (docs/product/fundraising-pages.md). */
export interface GuestThroughFundraiser {
  id: number;
  title: string;
}

/** The key of where a gift goes, for its retry (the same place, through the same page). */
export const targetKey = (target: GuestGiveTarget) =>
  `${target.kind === 'project' ? `project:${target.project.id}` : `charity:${target.charity.id}`}${
    target.fundraiser ? `:fundraiser:${target.fundraiser.id}` : ''
  }`;

export const targetName = (target: GuestGiveTarget) =>
  target.kind === 'project' ? target.project.title : target.charity.name;

/** The charity that receives the gift (a project's charity, or the charity itself), or null. */
export const charityOf = (target: GuestGiveTarget): { id: number; name: string } | null =>
  target.kind === 'project' ? (target.project.charity ?? null) : target.charity;

/** The charity's name as a sentence uses it. */
export const charityName = (target: GuestGiveTarget) => charityOf(target)?.name ?? 'the charity';

/** 'Clean-up of the river banks, a project of River Trust', or the charity's name. */
export const targetDescription = (target: GuestGiveTarget) =>
  target.kind === 'project'
    ? `${targetName(target)}, a project of ${charityName(target)}`
    : targetName(target);
