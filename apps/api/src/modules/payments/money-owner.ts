import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Owner } from '../ledger/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { usersQueries } from '../users/index.js';

/** Whose wallet a money call is about: a person, or an organisation. */
export type MoneyOwner = { ownerType: 'user' | 'business'; ownerId: number };

export const asOwner = (owner: MoneyOwner): Owner => owner;

/**
 * Checks that the person may see (`read`) or move (`manage`) the owner's money: a person their
 * own, an organisation's Super Admins and Admins the organisation's.
 */
export function requireWalletAccess(
  ctx: AppContext,
  auth: AuthUser | null,
  owner: MoneyOwner,
  mode: 'read' | 'manage',
): Promise<AuthUser> {
  if (owner.ownerType === 'user') return ctx.access.require(auth, Permission.UserSelf, [owner.ownerId]);
  const permission = mode === 'read' ? Permission.BusinessWalletRead : Permission.BusinessWalletManage;
  return ctx.access.require(auth, permission, [owner.ownerId]);
}

type BusinessRow = NonNullable<Awaited<ReturnType<typeof organisationsQueries.business>>>;

/**
 * Refuses money movement for a locked or unapproved organisation
 * (docs/product/organisations.md#organisations-and-their-members). Pass the organisation's row when
 * the caller has read it already.
 */
export async function assertCanMoveMoney(
  ctx: AppContext,
  owner: MoneyOwner,
  row?: BusinessRow,
): Promise<void> {
  if (owner.ownerType === 'user') return;
  const business = row ?? (await organisationsQueries.business(ctx.database.db, owner.ownerId));
  if (!business) throw notFound('The organisation');
  if (business.lockStatus) {
    throw new AppError(409, 'ORGANISATION_LOCKED', 'This organisation is locked and cannot move money.');
  }
  if (business.approvalStatus !== 'approved') {
    throw new AppError(409, 'ORGANISATION_NOT_APPROVED', 'This organisation is waiting for approval.');
  }
}

/** Before money leaves an owner's wallet: the person may manage it, and the owner may move money now. */
export async function requireMoneyMove(
  ctx: AppContext,
  auth: AuthUser | null,
  owner: MoneyOwner,
): Promise<AuthUser> {
  const user = await requireWalletAccess(ctx, auth, owner, 'manage');
  await assertCanMoveMoney(ctx, owner);
  return user;
}

/** Where notices about an owner's money go. */
export async function ownerEmails(ctx: AppContext, owner: MoneyOwner): Promise<string[]> {
  if (owner.ownerType === 'business') {
    const db = ctx.database.db;
    const people = await usersQueries.people(
      db,
      await organisationsQueries.businessAdminIds(db, owner.ownerId),
    );
    return people.map((person) => person.email);
  }
  const user = await usersQueries.find(ctx.database.db, owner.ownerId);
  return user && !user.deletedAt ? [user.email] : [];
}
