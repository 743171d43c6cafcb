import { ADMIN_TYPE, type BusinessCreateBody, type BusinessUpdateBody } from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { deleteUpload } from '../../lib/uploads.js';
import { type AccountKind, accountSteps } from '../accounts/index.js';
import { usersQueries } from '../users/index.js';
import {
  type BusinessRow,
  type NewBusiness,
  organisationsQueries,
  organisationsRepository,
} from './organisations.repository.js';

/** An organisation's profile fields from a form. */
export function profileFields(body: BusinessUpdateBody): Partial<NewBusiness> {
  const values: Partial<NewBusiness> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.registration_number !== undefined)
    values.registrationNumber = body.registration_number?.toUpperCase() ?? null;
  if (body.description !== undefined) values.description = body.description;
  return values;
}

/**
 * What the organisations services share (docs/product/organisations.md): an organisation that is
 * not deleted, and the steps it shares with charities.
 */
export function organisationViews(ctx: AppContext) {
  const db = () => ctx.database.db;

  async function found(id: number, executor: Executor = db()): Promise<BusinessRow> {
    const row = await organisationsRepository.find(executor, id);
    if (!row) throw notFound('The organisation');
    return row;
  }

  /** Adds an organisation from its form with its first Super Admin. */
  async function insertWithSuperAdmin(
    tx: Executor,
    body: BusinessCreateBody,
    made: { approvalStatus: 'pending' | 'approved'; createdBy: number; adminId: number },
  ) {
    const { approvalStatus, createdBy, adminId } = made;
    const created = await organisationsRepository.insert(
      tx,
      { ...profileFields(body), name: body.name, approvalStatus, createdBy },
      ctx.now(),
    );
    await organisationsRepository.addMember(tx, created.id, adminId, ADMIN_TYPE.superAdmin, ctx.now());
    return created;
  }

  const account: AccountKind<BusinessRow> = {
    audit: 'business',
    noun: 'organisation',
    approvedCanNow: 'It can now add money to its wallet and give.',
    correctFrom: 'its details from the organisation profile',
    update: (executor, id, values) => organisationsRepository.update(executor, id, values),
    // Its Super Admins hear of its review and its lock.
    adminEmails: async (executor, id) =>
      usersQueries.emails(executor, await organisationsQueries.businessSuperAdminIds(executor, id)),
    changed: (tx, id, change) => ctx.events.record(tx, 'organisation.changed', { business_id: id, change }),
  };

  /**
   * Deletes an organisation or a sub-business (its members leave it, its logo goes): refused, in
   * the caller's words, while it holds money or has sub-businesses of its own.
   */
  async function removeEmpty(row: BusinessRow, refused: { funds: string; children: string }) {
    const balances = await ctx.ledger.balances(db(), { ownerType: 'business', ownerId: row.id });
    if (balances.wallet > 0 || balances.credits > 0 || balances.held > 0)
      throw conflict('BUSINESS_HAS_FUNDS', refused.funds);
    if ((await organisationsRepository.countChildren(db(), row.id)) > 0)
      throw conflict('BUSINESS_HAS_SUB_BUSINESSES', refused.children);
    await db().transaction(async (tx) => {
      await organisationsRepository.update(tx, row.id, { deletedAt: ctx.now() });
      await organisationsRepository.removeAllMembers(tx, row.id);
      await account.changed(tx, row.id, 'deleted');
    });
    await deleteUpload(ctx.storage, row.logo);
  }

  return { found, insertWithSuperAdmin, removeEmpty, steps: accountSteps(ctx, account) };
}
