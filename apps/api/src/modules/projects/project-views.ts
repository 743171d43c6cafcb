import type { Project } from '@kindred/shared';
import { AppError } from '../../lib/errors.js';
import { STATUS_LABEL } from './project-status.js';
import type { ProjectRow } from './projects.repository.js';

/** How a project is shown, shared by the projects services (and the giving kinds its needs make). */

export function givingKindsOf(
  row: Pick<ProjectRow, 'fundsTarget' | 'volunteeringHours' | 'skillNeeds' | 'giftNeeds'>,
) {
  const kinds: number[] = [];
  if (row.fundsTarget) kinds.push(2);
  if (row.volunteeringHours) kinds.push(3);
  if (row.skillNeeds.length > 0) kinds.push(4);
  if (row.giftNeeds.length > 0) kinds.push(5);
  return kinds;
}

/** What a project has been pledged of the time, skills and gifts it needs (its card and its summary). */
export function needsProgress(row: ProjectRow) {
  return {
    volunteering_hours: row.volunteeringHours,
    volunteering_pledged: row.volunteeringPledged,
    skilled_hours: row.skillNeeds.reduce((sum, need) => sum + need.hours, 0),
    skilled_pledged: row.skilledPledged,
    gifts_needed: row.giftNeeds.reduce((sum, need) => sum + need.quantity, 0),
    gifts_pledged: row.giftsPledged,
  };
}

/** How the project's file URLs reach the viewer: as stored, or signed for a signed-in person. */
export type FileLink = (url: string) => string;
export const asStored: FileLink = (url) => url;

export function presentProject(
  row: ProjectRow,
  charity: { id: number; name: string; logo: string | null } | undefined,
  canManage: boolean,
  cover: string | null,
  place: { state_id: number | null; city_id: number | null } = { state_id: null, city_id: null },
  link: FileLink = asStored,
): Project {
  return {
    id: row.id,
    charity_id: row.charityId,
    charity: charity ?? null,
    owner_type: row.ownerType,
    owner_id: row.ownerId,
    title: row.title,
    summary: row.summary,
    description: row.description,
    status: row.status,
    association_status: row.associationStatus,
    charity_types: row.charityTypes,
    start_date: row.startDate,
    end_date: row.endDate,
    city: row.city,
    state_id: place.state_id,
    city_id: place.city_id,
    post_code: row.postCode,
    latitude: row.latitude,
    longitude: row.longitude,
    logo: row.logo && link(row.logo),
    cover: cover && link(cover),
    funds_target: row.fundsTarget,
    volunteering_hours: row.volunteeringHours,
    volunteering_start: row.volunteeringStart,
    volunteering_end: row.volunteeringEnd,
    skill_needs: row.skillNeeds,
    gift_needs: row.giftNeeds,
    giving_kinds: row.givingKinds,
    funds_raised: row.fundsRaised,
    donors_count: row.donorsCount,
    volunteering_pledged: row.volunteeringPledged,
    skilled_pledged: row.skilledPledged,
    gifts_pledged: row.giftsPledged,
    hours_confirmed: row.hoursConfirmed,
    finished_reason: row.finishedReason,
    created_at: row.createdAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    can_manage: canManage,
  };
}

export const invalidTransition = (row: ProjectRow, to: number) =>
  new AppError(
    409,
    'INVALID_TRANSITION',
    `A ${STATUS_LABEL[row.status] ?? row.status} project cannot become ${STATUS_LABEL[to] ?? to}.`,
    { from: row.status, to },
  );
