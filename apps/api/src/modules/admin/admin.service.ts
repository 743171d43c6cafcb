import {
  ADMIN_TYPE,
  type AdminAccount,
  type AdminCharityListQuery,
  type AdminEraseBody,
  type AdminExpiringQuery,
  type AdminGroupListQuery,
  type AdminProject,
  type AdminProjectListQuery,
  type AdminProjectMailsBody,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserListQuery,
  type AdminUserUpdateBody,
  type PageQuery,
  PROJECT_STATUS,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { deleteUpload } from '../../lib/uploads.js';
import { auditLog } from '../audit/index.js';
import { type CharityRow, charitiesQueries } from '../charities/index.js';
import { donationsQueries } from '../donations/index.js';
import { groupsQueries } from '../groups/index.js';
import { ledgerQueries } from '../ledger/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { type ProjectRow, projectsQueries } from '../projects/index.js';
import { eraseUser, type NewUser, type UserRow, usersQueries, usersWrites } from '../users/index.js';
import { adminRepository } from './admin.repository.js';

const ROLE: Record<number, string> = {
  [ADMIN_TYPE.superAdmin]: 'Super Admin',
  [ADMIN_TYPE.admin]: 'Admin',
  [ADMIN_TYPE.employee]: 'Employee',
};

export function presentAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    city: row.city,
    post_code: row.postCode,
    is_active: row.isActive,
    deactivated: row.deactivatedAt !== null,
    deleted: row.deletedAt !== null,
    is_iic_admin: row.isIicAdmin,
    admin_type: row.adminType,
    created_at: row.createdAt.toISOString(),
  };
}

function presentAccount(
  row: Pick<CharityRow, 'id' | 'name' | 'approvalStatus' | 'lockStatus' | 'createdAt'> & {
    email?: string | null;
  },
): AdminAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email ?? null,
    approval_status: row.approvalStatus,
    lock_status: row.lockStatus,
    created_at: row.createdAt.toISOString(),
  };
}

function presentProject(row: ProjectRow, charityNames: Map<number, { name: string }>): AdminProject {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    charity_id: row.charityId,
    charity_name: row.charityId ? (charityNames.get(row.charityId)?.name ?? null) : null,
    end_date: row.endDate,
    funds_target: row.fundsTarget,
    funds_raised: row.fundsRaised,
    donors_count: row.donorsCount,
    created_at: row.createdAt.toISOString(),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The platform admin area (docs/product/platform-admin.md; decision 028): people, accounts,
 * expiring projects.
 */
export function adminService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const reads = () => ctx.database.reads;
  const page = (
    query: { limit: number; direction: 'after' | 'before' },
    cursor: (string | number)[] | undefined,
  ) => ({
    limit: query.limit + 1,
    cursor,
    before: query.direction === 'before',
  });

  /**
   * A page of an admin list kept newest first by (time, id): reads the rows past the query's
   * cursor and presents each (`present` may first look up what the rows refer to).
   */
  async function newestFirstPage<Row extends { at: string; row: { id: number } }, Item>(
    query: PageQuery,
    read: (position: ReturnType<typeof page>) => Promise<Row[]>,
    present: (rows: Row[]) => Promise<(row: Row) => Item> | ((row: Row) => Item),
  ) {
    const rows = await read(page(query, decodeCursor(query.cursor, ['time', 'id'])));
    return toPage(rows, query, (r) => [r.at, r.row.id], await present(rows));
  }

  async function person(id: number): Promise<UserRow> {
    const row = await usersQueries.find(db(), id);
    if (!row) throw notFound('The person');
    return row;
  }

  async function detail(row: UserRow): Promise<AdminUserDetail> {
    const [businesses, charities, projects, groups, wallet, giving] = await Promise.all([
      organisationsQueries.membershipsOfUser(db(), row.id),
      charitiesQueries.membershipsOfUser(db(), row.id),
      projectsQueries.membershipsOfUser(db(), row.id),
      groupsQueries.membershipsOfUser(db(), row.id),
      ledgerQueries.balances(db(), { ownerType: 'user', ownerId: row.id }, ctx.config.currency),
      donationsQueries.givingOfUser(db(), row.id),
    ]);
    return {
      user: presentAdminUser(row),
      memberships: {
        businesses: businesses.map((m) => ({
          id: m.business_id,
          name: m.name,
          role: ROLE[m.admin_type] ?? 'Member',
        })),
        charities: charities.map((m) => ({
          id: m.charity_id,
          name: m.name,
          role: ROLE[m.admin_type] ?? 'Member',
        })),
        projects: projects.map((m) => ({ id: m.project_id, name: m.title, role: 'Admin' })),
        groups: groups.map((m) => ({ id: m.group_id, name: m.name, role: m.is_admin ? 'Admin' : 'Member' })),
      },
      wallet: { wallet: wallet.wallet, credits: wallet.credits, held: wallet.held },
      giving,
    };
  }

  async function projectAdmins(projectId: number, charityId: number | null) {
    const people = await usersQueries.people(db(), await projectsQueries.adminIds(db(), projectId));
    const live = people.filter((p) => !p.deletedAt);
    if (live.length > 0)
      return live.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim(), email: p.email }));
    if (charityId === null) return [];
    return (await usersQueries.emails(db(), await charitiesQueries.adminIds(db(), charityId))).map(
      (email) => ({ id: 0, name: email, email }),
    );
  }

  return {
    /** GET /admin/user_list */
    async userList(auth: AuthUser | null, query: AdminUserListQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      return newestFirstPage(
        query,
        (position) =>
          usersQueries.adminList(
            db(),
            {
              q: query.q || undefined,
              status: query.status,
              platformAdmin: query.platform_admin === undefined ? undefined : query.platform_admin === 'yes',
            },
            position,
          ),
        () => (r) => presentAdminUser(r.row),
      );
    },

    /** GET /admin/user/{id} */
    async user(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.PlatformRead);
      return detail(await person(id));
    },

    /** PATCH /admin/user: activate, deactivate, make or unmake a platform admin, correct details. */
    async updateUser(auth: AuthUser | null, body: AdminUserUpdateBody) {
      const actor = await ctx.access.require(auth, Permission.PlatformPeopleManage);
      const adminChange = body.is_iic_admin !== undefined || body.admin_type !== undefined;
      if (adminChange) await ctx.access.require(auth, Permission.PlatformAdminsManage);
      const row = await person(body.user_id);
      if (row.deletedAt) throw conflict('USER_DELETED', 'This person has deleted their account.');
      if (row.id === actor.id && (body.action === 'deactivate' || body.is_iic_admin === false))
        throw conflict('NOT_YOURSELF', 'You cannot deactivate yourself or take away your own admin rights.');
      const now = ctx.now();
      const changes: Partial<NewUser> = {};
      const corrected: Record<string, unknown> = {};
      if (body.first_name !== undefined && body.first_name !== row.firstName)
        corrected.first_name = changes.firstName = body.first_name;
      if (body.last_name !== undefined && body.last_name !== row.lastName)
        corrected.last_name = changes.lastName = body.last_name;
      if (body.phone !== undefined && body.phone !== row.phone)
        corrected.phone = changes.phone = body.phone || null;
      const emailChanged = body.email !== undefined && body.email.toLowerCase() !== row.email.toLowerCase();
      if (emailChanged && body.email) {
        if (await usersQueries.emailTaken(db(), body.email))
          throw conflict('EMAIL_TAKEN', 'Another account uses this email.', { email: 'Already in use.' });
        corrected.email = changes.email = body.email;
      }
      if (body.action === 'deactivate') changes.deactivatedAt = now;
      if (body.action === 'activate') Object.assign(changes, { deactivatedAt: null, isActive: true });
      if (adminChange) {
        const makeAdmin = body.is_iic_admin ?? (body.admin_type != null ? true : row.isIicAdmin);
        changes.isIicAdmin = makeAdmin;
        changes.adminType = makeAdmin ? (body.admin_type ?? row.adminType ?? ADMIN_TYPE.employee) : null;
      }
      const updated = await db().transaction(async (tx) => {
        let next = await usersWrites.update(tx, row.id, changes, now);
        // Deactivation and a new email end every session the person has.
        if (body.action === 'deactivate' || emailChanged)
          next = await usersWrites.revokeTokens(tx, row.id, now);
        const entry = {
          actorId: actor.id,
          targetType: 'user' as const,
          targetId: row.id,
          reason: body.reason,
          at: now,
        };
        if (body.action) await auditLog.record(tx, { ...entry, action: `user.${body.action}` });
        if (adminChange)
          await auditLog.record(tx, {
            ...entry,
            action: next.isIicAdmin ? 'user.admin.set' : 'user.admin.unset',
            details: { admin_type: next.adminType, before: row.isIicAdmin ? row.adminType : null },
          });
        if (Object.keys(corrected).length > 0)
          await auditLog.record(tx, {
            ...entry,
            action: 'user.correct',
            details: { changed: Object.keys(corrected) },
          });
        return next;
      });
      return detail(updated);
    },

    /** POST /admin/user/{id}/erase: erases a person on request; their donations stay, anonymised. */
    async eraseUser(auth: AuthUser | null, id: number, body: AdminEraseBody) {
      const actor = await ctx.access.require(auth, Permission.PlatformPersonErase);
      const row = await person(id);
      if (row.deletedAt) throw conflict('USER_DELETED', 'This person is already erased.');
      if (row.id === actor.id) throw conflict('NOT_YOURSELF', 'You cannot erase yourself here.');
      const now = ctx.now();
      await db().transaction(async (tx) => {
        await eraseUser(tx, row.id, now);
        await auditLog.record(tx, {
          actorId: actor.id,
          action: 'user.erase',
          targetType: 'user',
          targetId: row.id,
          reason: body.reason,
          at: now,
        });
      });
      await deleteUpload(ctx.storage, row.avatar);
      return detail(await person(id));
    },

    /** GET /admin/export/{type}/{id}: a person's or an account's data as JSON. */
    async exportData(auth: AuthUser | null, type: 'user' | 'business' | 'charity' | 'project', id: number) {
      const actor = await ctx.access.require(auth, Permission.PlatformDataExport);
      let data: Record<string, unknown>;
      if (type === 'user') {
        const row = await person(id);
        const { passwordHash: _p, tokenVersion: _t, ...profile } = row;
        data = {
          profile,
          ...(await detail(row)),
          donations: await donationsQueries.ofUser(db(), id),
        };
      } else if (type === 'business') {
        const row = await organisationsQueries.business(db(), id);
        if (!row) throw notFound('The organisation');
        data = {
          organisation: row,
          wallet: await ledgerQueries.balances(
            db(),
            { ownerType: 'business', ownerId: id },
            ctx.config.currency,
          ),
        };
      } else if (type === 'charity') {
        const row = await charitiesQueries.byId(db(), id);
        if (!row) throw notFound('The charity');
        const { search: _s, ...charity } = row;
        data = {
          charity,
          funds: await ledgerQueries.balances(
            db(),
            { ownerType: 'charity', ownerId: id },
            ctx.config.currency,
          ),
          projects: await projectsQueries.idsOfCharity(db(), id),
        };
      } else {
        const row = await projectsQueries.find(db(), id);
        if (!row) throw notFound('The project');
        const { search: _s, ...project } = row;
        data = {
          project,
          admins: await projectAdmins(row.id, row.charityId),
          funds: await ledgerQueries.balances(
            db(),
            { ownerType: 'project', ownerId: id },
            ctx.config.currency,
          ),
        };
      }
      await db().transaction((tx) =>
        auditLog.record(tx, {
          actorId: actor.id,
          action: `${type}.export`,
          targetType: type,
          targetId: id,
          at: ctx.now(),
        }),
      );
      return {
        type,
        id,
        exported_at: ctx.now().toISOString(),
        audit: await auditLog.about(db(), type, id),
        data,
      };
    },

    /** GET /admin/charity_list */
    async charityList(auth: AuthUser | null, query: AdminCharityListQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      return newestFirstPage(
        query,
        (position) =>
          charitiesQueries.adminList(
            db(),
            {
              q: query.q || undefined,
              status: query.status,
              locked: query.locked === undefined ? undefined : query.locked === 'yes',
            },
            position,
          ),
        () => (r) => presentAccount(r.row),
      );
    },

    /** GET /admin/projects_list */
    async projectList(auth: AuthUser | null, query: AdminProjectListQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      return newestFirstPage(
        query,
        (position) =>
          projectsQueries.adminList(
            db(),
            { q: query.q || undefined, status: query.status, charityId: query.charity_id },
            position,
          ),
        async (rows) => {
          const names = await charitiesQueries.names(
            db(),
            rows.map((r) => r.row.charityId),
          );
          return (r) => presentProject(r.row, names);
        },
      );
    },

    /** GET /admin/project/{id} */
    async project(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.PlatformRead);
      const row = await projectsQueries.find(db(), id);
      if (!row) throw notFound('The project');
      const [names, admins, reminders] = await Promise.all([
        charitiesQueries.names(db(), [row.charityId]),
        projectAdmins(row.id, row.charityId),
        adminRepository.lastReminders(db(), [row.id]),
      ]);
      return {
        ...presentProject(row, names),
        summary: row.summary,
        start_date: row.startDate,
        published_at: row.publishedAt?.toISOString() ?? null,
        volunteering_pledged: row.volunteeringPledged,
        skilled_pledged: row.skilledPledged,
        gifts_pledged: row.giftsPledged,
        admins,
        last_reminded_at: reminders.get(row.id)?.toISOString() ?? null,
      };
    },

    /** GET /admin/group_list */
    async groupList(auth: AuthUser | null, query: AdminGroupListQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      return newestFirstPage(
        query,
        (position) => groupsQueries.adminList(db(), { q: query.q || undefined, type: query.type }, position),
        () => (r) => ({
          id: r.row.id,
          name: r.row.name,
          group_type: r.row.groupType,
          is_public: r.row.isPublic,
          requires_approval: r.row.requiresApproval,
          members: r.members,
        }),
      );
    },

    /** GET /admin/projects/all_expire_projects */
    async expiring(auth: AuthUser | null, query: AdminExpiringQuery) {
      await ctx.access.require(auth, Permission.PlatformRead);
      const cursor = decodeCursor(query.cursor, ['day', 'id']);
      const today = isoDay(ctx.now());
      const rows = await projectsQueries.expiring(
        reads(),
        {
          until: addDays(today, query.days),
          live: query.which !== 'finished',
          finished: query.which !== 'ending',
        },
        page(query, cursor),
      );
      const [names, reminders] = await Promise.all([
        charitiesQueries.names(
          db(),
          rows.map((r) => r.charityId),
        ),
        adminRepository.lastReminders(
          db(),
          rows.map((r) => r.id),
        ),
      ]);
      return toPage(
        rows,
        query,
        (r) => [r.endDate ?? today, r.id],
        (r) => ({
          ...presentProject(r, names),
          days_left: r.endDate ? daysBetween(today, r.endDate) : 0,
          last_reminded_at: reminders.get(r.id)?.toISOString() ?? null,
        }),
      );
    },

    /** POST /admin/projects/mails: reminds each project's admins, once per project per day. */
    async mailExpiring(auth: AuthUser | null, body: AdminProjectMailsBody) {
      const actor = await ctx.access.require(auth, Permission.PlatformProjectsMail);
      const ids = [...new Set(body.project_ids)];
      const today = isoDay(ctx.now());
      const mailed: { project_id: number; recipients: number }[] = [];
      const skipped: { project_id: number; reason: string }[] = [];
      for (const id of ids) {
        const row = await projectsQueries.find(db(), id);
        if (!row) {
          skipped.push({ project_id: id, reason: 'Not found.' });
          continue;
        }
        if (row.status !== PROJECT_STATUS.live && row.status !== PROJECT_STATUS.finished) {
          skipped.push({ project_id: id, reason: 'Only Live and Finished projects can be extended.' });
          continue;
        }
        const admins = await projectAdmins(row.id, row.charityId);
        if (admins.length === 0) {
          skipped.push({ project_id: id, reason: 'The project has no admins to mail.' });
          continue;
        }
        const link = `${ctx.config.publicUrl}/charity/projects/${row.id}`;
        const sent = await db().transaction(async (tx) => {
          if (!(await adminRepository.claimReminder(tx, row.id, today, actor.id, ctx.now()))) return false;
          const ending =
            row.status === PROJECT_STATUS.finished ? `ended on ${row.endDate}` : `ends on ${row.endDate}`;
          for (const admin of admins)
            await ctx.notices.queue(tx, {
              to: admin.email,
              subject: `${row.title} ${row.status === PROJECT_STATUS.finished ? 'has ended' : 'ends soon'}`,
              text: [
                `Your project "${row.title}" ${ending}.`,
                '',
                'If it still needs support, extend it by choosing a new end date:',
                link,
                '',
                'The Kindred team',
              ].join('\n'),
            });
          await auditLog.record(tx, {
            actorId: actor.id,
            action: 'project.mail',
            targetType: 'project',
            targetId: row.id,
            details: { recipients: admins.length },
            at: ctx.now(),
          });
          return true;
        });
        if (sent) mailed.push({ project_id: id, recipients: admins.length });
        else skipped.push({ project_id: id, reason: 'Already reminded today.' });
      }
      return { mailed, skipped };
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
