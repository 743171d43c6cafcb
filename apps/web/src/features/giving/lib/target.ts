import { GIFT_TYPES, GIVING_TYPE, labelOf, PROJECT_STATUS, type Project, SKILL_TYPES } from '@kindred/shared';

/**
 * A fundraising page a gift is given through (docs/product/fundraising-pages.md): the gift still
 * goes to the page's project or charity, once, as funds.
 */
export interface ThroughFundraiser {
  id: number;
  title: string;
}

/** Where a gift goes: a Live project, or a charity directly; through a fundraising page or not. */
export type GiveTarget =
  | { kind: 'project'; project: Project; fundraiser?: ThroughFundraiser }
  | { kind: 'charity'; charity: { id: number; name: string }; fundraiser?: ThroughFundraiser };

/** The kinds a person can give (funds, volunteering, skilled volunteering, gifts). */
export type GiveKind = 2 | 3 | 4 | 5;
export const GIVE_KINDS: readonly GiveKind[] = [
  GIVING_TYPE.funds,
  GIVING_TYPE.volunteering,
  GIVING_TYPE.skilledVolunteering,
  GIVING_TYPE.gifts,
];

/** The action that opens each kind's flow. */
export const KIND_ACTIONS: Record<GiveKind, string> = {
  2: 'Give funds',
  3: 'Volunteer',
  4: 'Give your skills',
  5: 'Give a gift',
};

/** The heading of each kind's flow. */
export const KIND_TITLES: Record<GiveKind, string> = {
  2: 'Give funds',
  3: 'Volunteer your time',
  4: 'Volunteer your skills',
  5: 'Give a gift',
};

export function isGiveKind(value: unknown): value is GiveKind {
  return GIVE_KINDS.includes(value as GiveKind);
}

export const targetName = (target: GiveTarget) =>
  target.kind === 'project' ? target.project.title : target.charity.name;

/** The charity that receives the gift (a project's charity, or the charity itself). */
export const charityName = (target: GiveTarget) =>
  target.kind === 'project' ? (target.project.charity?.name ?? 'the charity') : target.charity.name;

/** The charity that receives the gift, with its id (null for a project without one, which takes no gifts). */
export const charityOf = (target: GiveTarget): { id: number; name: string } | null =>
  target.kind === 'project' ? (target.project.charity ?? null) : target.charity;

/**
 * The kinds the target takes: a Live project only what it asks for; a charity every kind; through
 * a fundraising page, funds alone.
 */
export function kindsOf(target: GiveTarget): GiveKind[] {
  const kinds =
    target.kind === 'charity'
      ? [...GIVE_KINDS]
      : target.project.status !== PROJECT_STATUS.live
        ? []
        : GIVE_KINDS.filter((kind) => target.project.giving_kinds.includes(kind));
  return target.fundraiser ? kinds.filter((kind) => kind === GIVING_TYPE.funds) : kinds;
}

/** The key of where a gift goes, for its retry (the same gift to the same place, through the same page). */
export const targetKey = (target: GiveTarget) =>
  `${target.kind === 'project' ? `project:${target.project.id}` : `charity:${target.charity.id}`}${
    target.fundraiser ? `:fundraiser:${target.fundraiser.id}` : ''
  }`;

export interface Option {
  value: string;
  label: string;
}

/** The skills a gift of skills may name: what the project asks for (every skill for a charity). */
export function skillOptions(target: GiveTarget): Option[] {
  if (target.kind === 'project' && target.project.skill_needs.length > 0) {
    return target.project.skill_needs.map((need) => ({
      value: String(need.type),
      label: `${labelOf(SKILL_TYPES, need.type) ?? 'Other'} (${need.hours} ${need.hours === 1 ? 'hour' : 'hours'} asked for)`,
    }));
  }
  return SKILL_TYPES.map((skill) => ({ value: String(skill.id), label: skill.label }));
}

/** The kinds of gift: what the project asks for (every kind for a charity). */
export function giftOptions(target: GiveTarget): Option[] {
  if (target.kind === 'project' && target.project.gift_needs.length > 0) {
    const seen = new Set<number>();
    const options: Option[] = [];
    for (const need of target.project.gift_needs) {
      if (seen.has(need.type)) continue;
      seen.add(need.type);
      const wanted = target.project.gift_needs
        .filter((n) => n.type === need.type)
        .map((n) => `${n.quantity} × ${n.description}`)
        .join('; ');
      options.push({
        value: String(need.type),
        label: `${labelOf(GIFT_TYPES, need.type) ?? 'Other'}: ${wanted}`,
      });
    }
    return options;
  }
  return GIFT_TYPES.map((gift) => ({ value: String(gift.id), label: gift.label }));
}

/**
 * The pledge date a blank date stands for, and the dates a pledge may take
 * (docs/product/donations.md#kinds-and-methods).
 */
export function pledgeWindow(target: GiveTarget, today: string) {
  if (target.kind === 'charity') return { defaultDate: null, min: today, max: null };
  const p = target.project;
  const start = p.volunteering_start ?? p.start_date;
  const end = p.volunteering_end ?? p.end_date;
  return { defaultDate: end, min: start && start > today ? start : today, max: end };
}

/** The volunteering hours a project still needs, or null when it set no number (or for a charity). */
export function volunteeringHoursLeft(target: GiveTarget): number | null {
  if (target.kind !== 'project' || !target.project.volunteering_hours) return null;
  return Math.max(0, target.project.volunteering_hours - target.project.volunteering_pledged);
}
