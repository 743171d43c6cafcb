import type { Charity, CharityCreateBody, CharityUpdateBody } from '@kindred/shared';
import { CHARITY_MEMBER_PERMISSIONS } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { type AccountKind, accountSteps } from '../accounts/index.js';
import { ledgerQueries } from '../ledger/index.js';
import { placesQueries } from '../places/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import {
  type CharityRow,
  charitiesRepository,
  isPublicCharity,
  type NewCharity,
} from './charities.repository.js';

/** What a charity admin (type 1) holds: every permission. */
export const ALL_PERMISSIONS = [...CHARITY_MEMBER_PERMISSIONS];

export function presentCharity(row: CharityRow, liveProjects = 0): Charity {
  return {
    id: row.id,
    name: row.name,
    registration_number: row.registrationNumber,
    charity_types: row.charityTypes,
    description: row.description,
    website: row.website,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    post_code: row.postCode,
    latitude: row.latitude,
    longitude: row.longitude,
    logo: row.logo,
    lock_status: row.lockStatus,
    approval_status: row.approvalStatus,
    rejection_reason: row.rejectionReason,
    live_projects: liveProjects,
    created_at: row.createdAt.toISOString(),
  };
}

/** Emails of a charity's admins (type 1) who still have an account, for notices. */
export async function charityAdminEmails(db: Executor, charityId: number): Promise<string[]> {
  return usersQueries.emails(db, await charitiesRepository.adminIds(db, charityId));
}

/**
 * What the charities services share (docs/product/projects-and-charities.md): a charity's fields
 * from a form, who may see it, how it is shown, its funds, and the steps it shares with
 * organisations.
 */
export function charityViews(ctx: AppContext) {
  const db = () => ctx.database.db;

  async function fields(body: CharityUpdateBody): Promise<Partial<NewCharity>> {
    const values: Partial<NewCharity> = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.registration_number !== undefined)
      values.registrationNumber = body.registration_number?.toUpperCase() ?? null;
    if (body.charity_types !== undefined) values.charityTypes = body.charity_types;
    if (body.description !== undefined) values.description = body.description;
    if (body.website !== undefined) values.website = body.website;
    if (body.email !== undefined) values.email = body.email;
    if (body.phone !== undefined) values.phone = body.phone;
    if (body.address !== undefined) values.address = body.address;
    if (body.post_code !== undefined) values.postCode = body.post_code?.toUpperCase() ?? null;
    Object.assign(values, await placesQueries.resolve(db(), body));
    return values;
  }

  async function visible(id: number, viewer: AuthUser | null): Promise<CharityRow> {
    const row = await charitiesRepository.find(db(), id);
    if (!row) throw notFound('The charity');
    if (isPublicCharity(row)) return row;
    if (viewer?.isIicAdmin) return row;
    if (await ctx.access.can(viewer, Permission.CharityRead, id)) return row;
    throw notFound('The charity');
  }

  /** One charity; those who may change it also get the region and town of its place, for its form. */
  async function present(row: CharityRow, manage = false) {
    const [counts, place] = await Promise.all([
      projectsQueries.liveCountsByCharity(db(), [row.id]),
      manage ? placesQueries.placeOf(db(), row) : undefined,
    ]);
    return { ...presentCharity(row, counts.get(row.id) ?? 0), ...place };
  }

  /** The charity's own funds, and what its projects hold. */
  async function funds(id: number) {
    const { ledger } = ctx;
    const own = await ledger.balances(db(), { ownerType: 'charity', ownerId: id });
    const projectFunds = await ledgerQueries.sumOfOwners(
      db(),
      'project',
      await projectsQueries.idsOfCharity(db(), id),
      'project_funds',
      ctx.config.currency,
    );
    return {
      charity_id: id,
      charity_funds: own.charityFunds,
      project_funds: projectFunds,
      currency: ctx.config.currency,
    };
  }

  /** Adds a charity with its first admin, who holds every permission. */
  async function insertWithAdmin(
    tx: Executor,
    values: Partial<NewCharity>,
    body: CharityCreateBody,
    made: { approvalStatus: 'pending' | 'approved'; createdBy: number; adminId: number },
  ) {
    const { approvalStatus, createdBy, adminId } = made;
    const created = await charitiesRepository.insert(
      tx,
      { ...values, name: body.name, charityTypes: body.charity_types, approvalStatus, createdBy },
      ctx.now(),
    );
    await charitiesRepository.addMember(tx, created.id, adminId, 1, ALL_PERMISSIONS, ctx.now());
    return created;
  }

  const account: AccountKind<CharityRow> = {
    audit: 'charity',
    noun: 'charity',
    approvedCanNow: 'You can now publish projects and receive donations.',
    correctFrom: 'the details from your charity profile',
    update: (executor, id, values) => charitiesRepository.update(executor, id, values, ctx.now()),
    adminEmails: charityAdminEmails,
    changed: (tx, id, change) => ctx.events.record(tx, 'charity.changed', { charity_id: id, change }),
  };

  return { fields, visible, present, funds, insertWithAdmin, steps: accountSteps(ctx, account) };
}
