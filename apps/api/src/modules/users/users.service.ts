import { randomBytes } from 'node:crypto';
import {
  type DeleteAccountBody,
  type EmailChangeBody,
  isValidNino,
  normaliseNino,
  type PasswordChangeBody,
  type UserUpdateBody,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { issueToken } from '../../lib/tokens.js';
import { deleteUpload, replacePicture, type UploadSource } from '../../lib/uploads.js';
import { emailChangedMail } from '../auth/index.js';
import { charitiesQueries, charitiesWrites } from '../charities/index.js';
import { groupsQueries, groupsWrites } from '../groups/index.js';
import { organisationsQueries, organisationsWrites } from '../organisations/index.js';
import { placesQueries } from '../places/index.js';
import { projectsWrites } from '../projects/index.js';
import { loadSessionDetail } from './users.presenter.js';
import { type NewUser, type UserRow, usersRepository } from './users.repository.js';

/** The refusal names the body's field that holds the current password. */
const wrongPassword = (field: 'password' | 'current_password' = 'password') =>
  new AppError(403, 'WRONG_PASSWORD', 'The current password is not right.', {
    fields: { [field]: 'Not right.' },
  });

/**
 * Erases a person (decision 005): personal data goes and sign-in stops, but the row stays so that
 * donation history keeps its totals, anonymised. Runs in the caller's transaction: a person deleting
 * their own account, or a platform admin erasing one on request (its audit entry lands with it).
 */
export async function eraseUser(tx: Executor, userId: number, now: Date): Promise<void> {
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  // The person leaves every business, charity, project and group (each module's rows).
  await organisationsWrites.removeUserMemberships(tx, userId);
  await charitiesWrites.removeUserMemberships(tx, userId);
  await projectsWrites.removeUserMemberships(tx, userId);
  await groupsWrites.removeUserMemberships(tx, userId);
  await usersRepository.update(
    tx,
    userId,
    {
      email: `deleted-user-${userId}@deleted.invalid`,
      passwordHash: unusable,
      firstName: 'Deleted',
      lastName: 'user',
      address: null,
      nationalInsuranceNumber: null,
      gender: null,
      birthDate: null,
      phone: null,
      stateId: null,
      city: null,
      postCode: null,
      userDescription: null,
      avatar: null,
      isPublic: false,
      isActive: false,
      isIicAdmin: false,
      adminType: null,
      deletedAt: now,
    },
    now,
  );
  await usersRepository.revokeTokens(tx, userId, now);
}

/**
 * A person who alone runs a charity, an organisation or a group cannot delete their account: it
 * would be left with no one to run it (decision 031). 409 LAST_ADMIN names each one, so that they
 * can make someone else an admin there, or delete it, first.
 */
async function refuseWhileSoleAdmin(tx: Executor, userId: number): Promise<void> {
  // One after another: they share the transaction's connection.
  const charities = await charitiesQueries.soleAdminOf(tx, userId);
  const organisations = await organisationsQueries.soleSuperAdminOf(tx, userId);
  const groups = await groupsQueries.soleAdminOf(tx, userId);
  const runs = [
    ...charities.map((row) => ({ kind: 'charity' as const, ...row })),
    ...organisations.map((row) => ({ kind: 'organisation' as const, ...row })),
    ...groups.map((row) => ({ kind: 'group' as const, ...row })),
  ];
  if (runs.length === 0) return;
  const names = runs.map((run) => `${run.name} (${run.kind})`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  throw new AppError(
    409,
    'LAST_ADMIN',
    `You are the only admin of ${list}. Make someone else an admin there, or delete it, before deleting your account.`,
    { sole_admin_of: runs },
  );
}

export function usersService(ctx: AppContext) {
  const db = () => ctx.database.db;
  /** Records a change to the person in its transaction (docs/product/events.md). */
  const personChanged = (tx: Executor, userId: number, change: 'updated' | 'avatar' | 'deleted') =>
    ctx.events.record(tx, 'person.changed', { user_id: userId, change });

  async function requireUser(id: number): Promise<UserRow> {
    const user = await usersRepository.findById(db(), id);
    if (!user || user.deletedAt) throw notFound('The user');
    return user;
  }

  const tokenFor = (user: UserRow) =>
    issueToken(ctx.config.jwtSecret, { userId: user.id, version: user.tokenVersion }, ctx.now());

  return {
    async sessionDetail(userId: number) {
      return loadSessionDetail(db(), await requireUser(userId), ctx.config.currency);
    },

    async updateProfile(userId: number, body: UserUpdateBody) {
      const changes: Partial<NewUser> = {};
      if (body.first_name !== undefined) changes.firstName = body.first_name;
      if (body.last_name !== undefined) changes.lastName = body.last_name;
      if (body.address !== undefined) changes.address = body.address || null;
      if (body.national_insurance_number !== undefined) {
        const nino = body.national_insurance_number;
        if (nino && !isValidNino(nino)) {
          throw badRequest('The National Insurance number is not valid.', {
            national_insurance_number: 'Enter a valid National Insurance number, like AB 12 34 56 C.',
          });
        }
        changes.nationalInsuranceNumber = nino ? normaliseNino(nino) : null;
      }
      if (body.gender !== undefined) changes.gender = body.gender;
      if (body.birth_date !== undefined) {
        if (body.birth_date && body.birth_date > ctx.now().toISOString().slice(0, 10)) {
          throw badRequest('The birth date is in the future.', { birth_date: 'Cannot be in the future.' });
        }
        changes.birthDate = body.birth_date;
      }
      if (body.phone !== undefined) changes.phone = body.phone;
      if (body.state_id !== undefined) {
        if (body.state_id !== null) {
          if (!(await placesQueries.regionExists(db(), body.state_id)))
            throw badRequest('The region does not exist.', { state_id: 'Choose a region from the list.' });
        }
        changes.stateId = body.state_id;
      }
      if (body.city !== undefined) changes.city = body.city || null;
      if (body.post_code !== undefined)
        changes.postCode = body.post_code ? body.post_code.toUpperCase() : null;
      if (body.user_description !== undefined) changes.userDescription = body.user_description || null;
      if (body.tax_refund !== undefined) changes.taxRefund = body.tax_refund;
      if (body.is_public !== undefined) changes.isPublic = body.is_public;
      await requireUser(userId);
      const updated = await db().transaction(async (tx) => {
        const next = await usersRepository.update(tx, userId, changes, ctx.now());
        await personChanged(tx, userId, 'updated');
        return next;
      });
      return { user: (await loadSessionDetail(db(), updated, ctx.config.currency)).user };
    },

    async changePassword(userId: number, body: PasswordChangeBody) {
      const user = await requireUser(userId);
      if (!(await verifyPassword(user.passwordHash, body.current_password))) {
        throw wrongPassword('current_password');
      }
      if (body.current_password === body.password) {
        throw badRequest('The new password is the same as the current one.', {
          password: 'Choose a password you do not use now.',
        });
      }
      const passwordHash = await hashPassword(body.password);
      const updated = await db().transaction(async (tx) => {
        await usersRepository.update(tx, userId, { passwordHash }, ctx.now());
        return usersRepository.revokeTokens(tx, userId, ctx.now());
      });
      return tokenFor(updated);
    },

    async changeEmail(userId: number, body: EmailChangeBody) {
      const user = await requireUser(userId);
      if (!(await verifyPassword(user.passwordHash, body.password))) throw wrongPassword();
      if (user.email.toLowerCase() === body.email.toLowerCase()) {
        throw badRequest('This is already your email address.', { email: 'Enter a different address.' });
      }
      const updated = await db().transaction(async (tx) => {
        if (await usersRepository.emailTaken(tx, body.email)) {
          throw conflict('EMAIL_TAKEN', 'Another account uses this email address.', {
            email: 'Another account uses this email address.',
          });
        }
        await usersRepository.update(tx, userId, { email: body.email }, ctx.now());
        return usersRepository.revokeTokens(tx, userId, ctx.now());
      });
      await ctx.mailer.send(emailChangedMail(user.email, user.firstName, body.email));
      const token = await tokenFor(updated);
      return { ...token, user: (await loadSessionDetail(db(), updated, ctx.config.currency)).user };
    },

    /**
     * Deletes the account: personal data is erased and sign-in stops, but the row stays so that
     * donation history keeps its totals, anonymised.
     */
    async deleteAccount(auth: AuthUser | null, userId: number, body: DeleteAccountBody) {
      await ctx.access.require(auth, Permission.UserSelf, [userId]);
      const user = await requireUser(userId);
      if (!(await verifyPassword(user.passwordHash, body.password))) throw wrongPassword();
      const now = ctx.now();
      await db().transaction(async (tx) => {
        await refuseWhileSoleAdmin(tx, userId);
        await eraseUser(tx, userId, now);
        await personChanged(tx, userId, 'deleted');
      });
      await deleteUpload(ctx.storage, user.avatar);
      return { message: 'Deleted account' };
    },

    async setAvatar(auth: AuthUser | null, userId: number, readFile: UploadSource) {
      await ctx.access.require(auth, Permission.UserSelf, [userId]);
      const user = await requireUser(userId);
      const updated = await replacePicture(ctx.storage, 'avatars', readFile, user.avatar, (url) =>
        db().transaction(async (tx) => {
          const next = await usersRepository.update(tx, userId, { avatar: url }, ctx.now());
          await personChanged(tx, userId, 'avatar');
          return next;
        }),
      );
      return { user: (await loadSessionDetail(db(), updated, ctx.config.currency)).user };
    },

    refresh: async (userId: number) => tokenFor(await requireUser(userId)),
  };
}
