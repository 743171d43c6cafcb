import type {
  AdminLockBody,
  Charity,
  CharityCreateBody,
  CharityDecisionBody,
  CharityMember,
  CharityUpdateBody,
  PageQuery,
} from '@kindred/shared';
import { ADMIN_TYPE, CHARITY_MEMBER_PERMISSIONS } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { deleteUpload, storeUpload, type UploadSource } from '../../lib/uploads.js';
import { auditLog } from '../audit/index.js';
import { ledgerQueries } from '../ledger/index.js';
import { lockNotice } from '../notices/index.js';
import { placesQueries } from '../places/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import {
  type CharityRow,
  charitiesRepository,
  isPublicCharity,
  type NewCharity,
} from './charities.repository.js';

const ALL_PERMISSIONS = [...CHARITY_MEMBER_PERMISSIONS];

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
export const charityAdminEmails = async (db: Executor, charityId: number): Promise<string[]> =>
  usersQueries.emails(db, await charitiesRepository.adminIds(db, charityId));

const { superAdmin } = ADMIN_TYPE;

export function charitiesService(ctx: AppContext) {
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

  async function mailDecision(row: CharityRow, approved: boolean, reason: string | undefined) {
    const emails = new Set(await charityAdminEmails(db(), row.id));
    for (const to of emails) {
      await ctx.notices.queue(db(), {
        to,
        subject: approved ? `${row.name} is approved on Kindred` : `${row.name} was not approved on Kindred`,
        text: approved
          ? [
              `Good news: ${row.name} is approved.`,
              '',
              'You can now publish projects and receive donations.',
            ].join('\n')
          : [
              `We could not approve ${row.name}.`,
              '',
              `Reason: ${reason ?? 'not given'}`,
              '',
              'You can correct the details from your charity profile and contact us to review it again.',
            ].join('\n'),
      });
    }
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

  return {
    visible,
    present,

    async get(id: number, viewer: AuthUser | null) {
      const row = await visible(id, viewer);
      return present(row, await ctx.access.can(viewer, Permission.CharityUpdate, id));
    },

    /** The public list of charities, the same for every caller: read from the replica when there is one. */
    async listPublic(query: PageQuery & { q?: string | undefined }) {
      const reads = ctx.database.reads;
      const cursor = decodeCursor(query.cursor, ['text', 'id']);
      const rows = await charitiesRepository.listPublic(reads, {
        limit: query.limit + 1,
        ...(cursor ? { cursor } : {}),
        before: query.direction === 'before',
        ...(query.q ? { q: query.q } : {}),
      });
      const page = toPage(
        rows,
        query,
        (row) => [row.name, row.id],
        (row) => row,
      );
      const counts = await projectsQueries.liveCountsByCharity(
        reads,
        page.items.map((row) => row.id),
      );
      return { ...page, items: page.items.map((row) => presentCharity(row, counts.get(row.id) ?? 0)) };
    },

    /** A signed-in person applies to add their charity; it waits for a platform admin. */
    async apply(userId: number, body: CharityCreateBody) {
      const values = await fields(body);
      const row = await db().transaction(async (tx) => {
        const created = await charitiesRepository.insert(
          tx,
          {
            ...values,
            name: body.name,
            charityTypes: body.charity_types,
            approvalStatus: 'pending',
            createdBy: userId,
          },
          ctx.now(),
        );
        await charitiesRepository.addMember(tx, created.id, userId, 1, ALL_PERMISSIONS, ctx.now());
        return created;
      });
      return presentCharity(row);
    },

    /** A platform admin adds a charity, approved at once, with a named person as its admin. */
    async createByAdmin(auth: AuthUser | null, body: CharityCreateBody & { admin_email: string }) {
      const { id: adminId } = await ctx.access.require(auth, Permission.CharityCreate);
      const admin = await usersQueries.findByEmail(db(), body.admin_email);
      if (!admin) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'No account uses that email. Ask the person to register first.',
          {
            fields: { admin_email: 'No account with this email.' },
          },
        );
      }
      const values = await fields(body);
      const row = await db().transaction(async (tx) => {
        const created = await charitiesRepository.insert(
          tx,
          {
            ...values,
            name: body.name,
            charityTypes: body.charity_types,
            approvalStatus: 'approved',
            createdBy: adminId,
          },
          ctx.now(),
        );
        await charitiesRepository.addMember(tx, created.id, admin.id, 1, ALL_PERMISSIONS, ctx.now());
        await auditLog.record(tx, {
          actorId: adminId,
          action: 'charity.create',
          targetType: 'charity',
          targetId: created.id,
          details: { admin_id: admin.id },
          at: ctx.now(),
        });
        return created;
      });
      return presentCharity(row);
    },

    async update(auth: AuthUser | null, id: number, body: CharityUpdateBody) {
      await ctx.access.require(auth, Permission.CharityUpdate, [id]);
      const row = await charitiesRepository.find(db(), id);
      if (!row) throw notFound('The charity');
      return present(await charitiesRepository.update(db(), id, await fields(body), ctx.now()), true);
    },

    /** Removes a charity from the product; refused while it holds money or runs projects. */
    async remove(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.CharityDelete, [id]);
      const row = await charitiesRepository.find(db(), id);
      if (!row) throw notFound('The charity');
      // Money held by any of its projects counts too: a project Finished by its end date keeps its funds.
      const held = await funds(id);
      if (held.charity_funds > 0 || held.project_funds > 0)
        throw conflict(
          'CHARITY_HAS_FUNDS',
          'The charity or its projects still hold funds. Pay them out first.',
        );
      // A Completed project has already paid its funds to the charity: only Live ones count.
      if ((await projectsQueries.liveCountsByCharity(db(), [id])).has(id)) {
        throw conflict('CHARITY_HAS_PROJECTS', 'Complete or cancel the live projects first.');
      }
      const now = ctx.now();
      await charitiesRepository.update(db(), id, { deletedAt: now }, now);
      await deleteUpload(ctx.storage, row.logo);
      return { message: 'Charity deleted' };
    },

    async setLogo(auth: AuthUser | null, id: number, readFile: UploadSource) {
      await ctx.access.require(auth, Permission.CharityUpdate, [id]);
      const row = await charitiesRepository.find(db(), id);
      if (!row) throw notFound('The charity');
      const upload = await readFile();
      const stored = await storeUpload(ctx.storage, 'logos', upload);
      const updated = await charitiesRepository.update(db(), id, { logo: stored.url }, ctx.now());
      await deleteUpload(ctx.storage, row.logo);
      return present(updated);
    },

    async members(auth: AuthUser | null, id: number): Promise<CharityMember[]> {
      await ctx.access.require(auth, Permission.CharityRead, [id]);
      const members = await usersQueries.peopleOf(db(), await charitiesRepository.members(db(), id));
      // People come by last name, then id; a stable sort by admin type keeps that order within each type.
      return members
        .map(
          ({ person, row }): CharityMember => ({
            user_id: person.id,
            first_name: person.firstName,
            last_name: person.lastName,
            email: person.email,
            avatar: person.avatar,
            admin_type: row.adminType,
            permissions: row.permissions,
            joined_at: row.joinedAt.toISOString(),
          }),
        )
        .sort((a, b) => a.admin_type - b.admin_type);
    },

    async updateMember(
      auth: AuthUser | null,
      charityId: number,
      userId: number,
      body: { admin_type?: 1 | 2 | 99 | undefined; permissions?: string[] | undefined },
    ) {
      const by = await ctx.access.require(auth, Permission.CharityMembersManage, [charityId]);
      return db().transaction(async (tx) => {
        const member = await charitiesRepository.membership(tx, charityId, userId);
        if (!member) throw notFound('The member');
        const adminType = body.admin_type ?? member.adminType;
        const changesAdmin =
          adminType !== member.adminType && (adminType === superAdmin || member.adminType === superAdmin);
        if (changesAdmin) {
          // Managing members does not make someone an admin: only admins make or unmake admins.
          await ctx.access.require(by, Permission.CharityAdminsManage, [charityId], tx);
        }
        if (member.adminType === superAdmin && adminType !== superAdmin) {
          if ((await charitiesRepository.countAdmins(tx, charityId)) <= 1) {
            throw conflict(
              'LAST_ADMIN',
              'A charity needs at least one admin. Make someone else admin first.',
            );
          }
        }
        // A demoted admin keeps only the permissions given with the change, not an admin's.
        const demoted = member.adminType === superAdmin && adminType !== superAdmin;
        await charitiesRepository.updateMember(tx, charityId, userId, {
          adminType,
          permissions:
            adminType === superAdmin
              ? ALL_PERMISSIONS
              : (body.permissions ?? (demoted ? [] : member.permissions)),
        });
        return { message: 'Member updated' };
      });
    },

    /** Removes a member (or lets a member leave); the last admin stays. */
    async removeMember(auth: AuthUser | null, charityId: number, userId: number) {
      // Leaving takes being a member; removing someone else takes managing members.
      const leaving = auth?.id === userId;
      await ctx.access.require(auth, leaving ? Permission.CharityRead : Permission.CharityMembersManage, [
        charityId,
      ]);
      return db().transaction(async (tx) => {
        const member = await charitiesRepository.membership(tx, charityId, userId);
        if (!member) throw notFound('The member');
        if (member.adminType === superAdmin && (await charitiesRepository.countAdmins(tx, charityId)) <= 1) {
          throw conflict('LAST_ADMIN', 'The last admin of a charity cannot be removed.');
        }
        await charitiesRepository.removeMember(tx, charityId, userId);
        return { message: 'Member removed' };
      });
    },

    async funds(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.CharityFinanceRead, [id]);
      return funds(id);
    },

    async pending(auth: AuthUser | null, query: PageQuery, status: CharityRow['approvalStatus'] = 'pending') {
      await ctx.access.require(auth, Permission.CharityReviewRead);
      const cursor = decodeCursor(query.cursor, ['id']);
      const rows = await charitiesRepository.listByApproval(db(), status, {
        limit: query.limit + 1,
        ...(cursor ? { cursor } : {}),
        before: query.direction === 'before',
      });
      return toPage(
        rows,
        query,
        (row) => [row.id],
        (row) => presentCharity(row),
      );
    },

    async decide(auth: AuthUser | null, body: CharityDecisionBody) {
      const actor = await ctx.access.require(auth, Permission.CharityReview);
      const row = await charitiesRepository.find(db(), body.charity_id);
      if (!row) throw notFound('The charity');
      if (row.approvalStatus !== 'pending') {
        throw conflict('ALREADY_DECIDED', `This charity is already ${row.approvalStatus}.`);
      }
      const approved = body.status === 'approved';
      const updated = await db().transaction(async (tx) => {
        const next = await charitiesRepository.update(
          tx,
          row.id,
          {
            approvalStatus: body.status,
            rejectionReason: approved ? null : (body.reason ?? null),
          },
          ctx.now(),
        );
        await auditLog.record(tx, {
          actorId: actor.id,
          action: approved ? 'charity.approve' : 'charity.reject',
          targetType: 'charity',
          targetId: row.id,
          reason: body.reason,
          at: ctx.now(),
        });
        return next;
      });
      await mailDecision(updated, approved, body.reason);
      return present(updated);
    },

    /** PATCH /admin/charity/{id}/lock: the reason goes to the audit log and to the charity's admins. */
    async setLock(auth: AuthUser | null, id: number, body: AdminLockBody) {
      const actor = await ctx.access.require(auth, Permission.CharityLock);
      const row = await charitiesRepository.find(db(), id);
      if (!row) throw notFound('The charity');
      const locked = body.lock_status;
      const reason = body.reason || null;
      const updated = await db().transaction(async (tx) => {
        const next = await charitiesRepository.update(tx, id, { lockStatus: locked }, ctx.now());
        await auditLog.record(tx, {
          actorId: actor.id,
          action: locked ? 'charity.lock' : 'charity.unlock',
          targetType: 'charity',
          targetId: id,
          reason,
          details: { name: row.name },
          at: ctx.now(),
        });
        if (row.lockStatus !== locked)
          for (const to of new Set(await charityAdminEmails(tx, id)))
            await ctx.notices.queue(tx, lockNotice({ to, kind: 'charity', name: row.name, locked, reason }));
        return next;
      });
      return present(updated);
    },
  };
}
