import {
  GROUP_REQUEST_STATUS,
  type Group,
  type GroupMember,
  type GroupTotals,
  type GroupWithTotals,
  type Page,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { EventCatalogue } from '../../events/catalogue.js';
import { notFound } from '../../lib/errors.js';
import { donationsQueries, type GivingPeriod, type GivingTotals } from '../donations/index.js';
import { personNames, usersQueries } from '../users/index.js';
import { type GroupRow, groupsRepository, type MembershipRow } from './groups.repository.js';

export const EMPTY: GroupTotals = {
  funds: 0,
  volunteering_hours: 0,
  skilled_hours: 0,
  gifts: 0,
  gifts_value: 0,
};

export function add(a: GroupTotals, b: GivingTotals): GroupTotals {
  return {
    funds: a.funds + b.funds,
    volunteering_hours: a.volunteering_hours + b.volunteering,
    skilled_hours: a.skilled_hours + b.skilled,
    gifts: a.gifts + b.gifts,
    gifts_value: a.gifts_value + b.giftsValue,
  };
}

/**
 * A 6-digit PIN without a leading 0 (the PIN key filter never lets one be typed:
 * docs/product/limits-and-messages.md#form-checks).

/**
 * What the groups services show of a group (docs/product/organisations.md#groups): the group as a
 * person sees it, its members and the totals of their giving while they were members.
 */
export function groupViews(ctx: AppContext) {
  const db = () => ctx.database.db;

  async function found(id: number, executor: Executor = db()): Promise<GroupRow> {
    const row = await groupsRepository.find(executor, id);
    if (!row) throw notFound('The group');
    return row;
  }

  /** The group as the person sees it: the PIN only for its admins. */
  async function present(row: GroupRow, auth: AuthUser | null, executor: Executor = db()): Promise<Group> {
    const [membership, counts, request] = await Promise.all([
      auth ? groupsRepository.membership(executor, row.id, auth.id) : undefined,
      groupsRepository.memberCounts(executor, [row.id]),
      auth ? groupsRepository.pendingRequest(executor, row.id, auth.id) : undefined,
    ]);
    return presentRow(
      row,
      counts.get(row.id) ?? 0,
      membership,
      request ? GROUP_REQUEST_STATUS.pending : null,
    );
  }

  function presentRow(
    row: GroupRow,
    members: number,
    membership: Pick<MembershipRow, 'isAdmin'> | undefined,
    requestStatus: number | null = null,
  ): Group {
    const isAdmin = membership?.isAdmin ?? false;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      group_type: row.groupType,
      business_id: row.businessId,
      logo: row.logo,
      requires_approval: row.requiresApproval,
      is_public: row.isPublic,
      members,
      pin: isAdmin ? row.pin : null,
      is_member: membership !== undefined,
      is_admin: isAdmin,
      request_status: requestStatus,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** Totals per group of its members' giving while they were members. */
  async function totalsOfGroups(executor: Executor, groupIds: number[]): Promise<Map<number, GroupTotals>> {
    const periods: GivingPeriod[] = await groupsRepository.periods(executor, groupIds);
    const rows = await donationsQueries.givingInPeriods(executor, periods);
    const totals = new Map<number, GroupTotals>(groupIds.map((id) => [id, EMPTY]));
    for (const row of rows) totals.set(row.key, add(totals.get(row.key) ?? EMPTY, row));
    return totals;
  }

  async function presentMembers(executor: Executor, groupId: number): Promise<GroupMember[]> {
    const rows = await groupsRepository.members(executor, groupId);
    const people = await usersQueries.activePeopleOf(executor, rows);
    return people
      .map(
        ({ person, row }): GroupMember => ({
          ...personNames(person),
          avatar: person.avatar,
          is_admin: row.isAdmin,
          joined_at: row.createdAt.toISOString(),
        }),
      )
      .sort(
        (a, b) =>
          Number(b.is_admin) - Number(a.is_admin) ||
          a.last_name.localeCompare(b.last_name) ||
          a.user_id - b.user_id,
      );
  }

  /** Reads a private group only as a member: to others it does not exist. */
  async function readable(auth: AuthUser | null, id: number): Promise<GroupRow> {
    const row = await found(id);
    if (!row.isPublic && !(await ctx.access.can(auth, Permission.GroupRead, id))) throw notFound('The group');
    return row;
  }

  /** A page of groups with each group's totals. */
  async function withTotals(page: Page<Group>): Promise<Page<GroupWithTotals>> {
    const totals = await totalsOfGroups(
      db(),
      page.items.map((g) => g.id),
    );
    return { ...page, items: page.items.map((g) => ({ ...g, totals: totals.get(g.id) ?? EMPTY })) };
  }

  /** Records what happened to a group in the change's transaction (docs/product/events.md). */
  const changed = (tx: Executor, groupId: number, change: EventCatalogue['group.changed']['change']) =>
    ctx.events.record(tx, 'group.changed', { group_id: groupId, change });

  return { found, present, presentRow, totalsOfGroups, presentMembers, readable, withTotals, changed };
}
