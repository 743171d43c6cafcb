import { ASSOCIATION_STATUS, type ProjectUpdateBody } from '@kindred/shared';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { charitiesQueries } from '../charities/index.js';
import { placesQueries } from '../places/index.js';
import { givingKindsOf } from './project-views.js';
import type { NewProject, ProjectRow } from './projects.repository.js';

/** What a project must be to be saved, published or kept live: shared by editing and the lifecycle. */

/** The columns a project's form sets (its place resolved to a region and town). */
export async function fields(db: Executor, body: ProjectUpdateBody): Promise<Partial<NewProject>> {
  // The date format allows year 0000, which the database refuses: answer it as bad input.
  for (const name of ['start_date', 'end_date', 'volunteering_start', 'volunteering_end'] as const) {
    const value = body[name];
    if (value && value < '0001-01-01') throw badRequest('Use a real date.', { [name]: 'Use a real date.' });
  }
  const values: Partial<NewProject> = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.summary !== undefined) values.summary = body.summary;
  if (body.description !== undefined) values.description = body.description;
  if (body.charity_types !== undefined) values.charityTypes = body.charity_types;
  if (body.start_date !== undefined) values.startDate = body.start_date;
  if (body.end_date !== undefined) values.endDate = body.end_date;
  if (body.post_code !== undefined) values.postCode = body.post_code?.toUpperCase() ?? null;
  if (body.funds_target !== undefined) values.fundsTarget = body.funds_target;
  if (body.volunteering_hours !== undefined) values.volunteeringHours = body.volunteering_hours;
  if (body.volunteering_start !== undefined) values.volunteeringStart = body.volunteering_start;
  if (body.volunteering_end !== undefined) values.volunteeringEnd = body.volunteering_end;
  if (body.skill_needs !== undefined) values.skillNeeds = body.skill_needs;
  if (body.gift_needs !== undefined) values.giftNeeds = body.gift_needs;
  Object.assign(values, await placesQueries.resolve(db, body));
  return values;
}

/** Keeps the derived filter columns in step with the needs and checks the dates agree. */
export function withDerived(row: ProjectRow, changes: Partial<NewProject>): Partial<NewProject> {
  const merged = { ...row, ...changes } as ProjectRow;
  const start = merged.startDate;
  const end = merged.endDate;
  if (start && end && end < start)
    throw badRequest('The end date is before the start date.', { end_date: 'After the start date.' });
  if (
    merged.volunteeringStart &&
    merged.volunteeringEnd &&
    merged.volunteeringEnd < merged.volunteeringStart
  ) {
    throw badRequest('Volunteering ends before it starts.', {
      volunteering_end: 'After the volunteering start.',
    });
  }
  return {
    ...changes,
    givingKinds: givingKindsOf(merged),
    skillTypes: [...new Set(merged.skillNeeds.map((need) => need.type))].sort((a, b) => a - b),
    giftTypes: [...new Set(merged.giftNeeds.map((need) => need.type))].sort((a, b) => a - b),
  };
}

/** A project goes live only with a title, a description, an end date from `today` and needs. */
export function assertPublishable(row: ProjectRow, today: string) {
  const missing: Record<string, string> = {};
  if (!row.title) missing.title = 'Required to publish.';
  if (!row.description) missing.description = 'Required to publish.';
  if (!row.endDate) missing.end_date = 'Required to publish.';
  else if (row.endDate < today) missing.end_date = 'Must be today or later to publish.';
  if (row.givingKinds.length === 0)
    missing.needs = 'Say what the project needs: funds, volunteering, skills or gifts.';
  if (Object.keys(missing).length > 0) {
    throw new AppError(409, 'NOT_READY_TO_PUBLISH', 'The project is not ready to publish.', {
      fields: missing,
    });
  }
}

/** A project goes live, completes or runs longer only with its charity's acceptance, approved and unlocked. */
export async function assertCharityActive(db: Executor, row: ProjectRow) {
  if (
    !row.charityId ||
    (row.associationStatus !== ASSOCIATION_STATUS.accepted &&
      row.associationStatus !== ASSOCIATION_STATUS.charityProject)
  ) {
    throw conflict('NEEDS_CHARITY', 'A charity must accept the project before it can go live.');
  }
  const charity = await charitiesQueries.find(db, row.charityId);
  if (!charity || charity.lockStatus)
    throw conflict('CHARITY_LOCKED', 'The charity is locked and cannot publish or move money.');
  if (charity.approvalStatus !== 'approved')
    throw conflict('CHARITY_NOT_APPROVED', 'The charity is waiting for approval.');
}
