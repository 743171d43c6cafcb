import {
  ADMIN_TYPE,
  type AdminAccount,
  type AdminProject,
  type AdminUser,
  type AdminUserDetail,
  type PageQuery,
} from '@kindred/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { type CharityRow, charitiesQueries } from '../charities/index.js';
import { donationsQueries } from '../donations/index.js';
import { groupsQueries } from '../groups/index.js';
import { ledgerQueries } from '../ledger/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { type ProjectRow, projectsQueries } from '../projects/index.js';
import { type UserRow, usersQueries } from '../users/index.js';

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

export function presentAccount(
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

export function presentProject(row: ProjectRow, charityNames: Map<number, { name: string }>): AdminProject {
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

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * What the platform admin area's services share (docs/product/platform-admin.md): its pages, newest
 * first, and what it shows of a person and of a project's admins.
 */
export function adminReads(ctx: AppContext) {
  const db = () => ctx.database.db;
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

  return { page, newestFirstPage, person, detail, projectAdmins };
}
