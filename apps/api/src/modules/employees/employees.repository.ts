import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countWhere, firstWhere, insertOne, updateOne } from '../../db/insert.js';
import { employeeGroups, employeeSubGroupMembers, employeeSubGroups } from './employees.table.js';

export type EmployeeGroupRow = typeof employeeGroups.$inferSelect;
export type EmployeeSubGroupRow = typeof employeeSubGroups.$inferSelect;

export const employeesRepository = {
  async groupsOf(db: Executor, businessId: number): Promise<EmployeeGroupRow[]> {
    return db
      .select()
      .from(employeeGroups)
      .where(eq(employeeGroups.businessId, businessId))
      .orderBy(asc(employeeGroups.name), asc(employeeGroups.id));
  },

  /** The sub-groups of these groups with how many people each holds. */
  async subGroupsOf(db: Executor, groupIds: number[]) {
    if (groupIds.length === 0) return [];
    return db
      .select({
        subGroup: employeeSubGroups,
        members: sql<number>`(select count(*)::int from ${employeeSubGroupMembers} where ${employeeSubGroupMembers.subGroupId} = ${employeeSubGroups.id})`,
      })
      .from(employeeSubGroups)
      .where(inArray(employeeSubGroups.groupId, groupIds))
      .orderBy(asc(employeeSubGroups.name), asc(employeeSubGroups.id));
  },

  async group(db: Executor, businessId: number, groupId: number): Promise<EmployeeGroupRow | undefined> {
    return firstWhere(
      db,
      employeeGroups,
      and(eq(employeeGroups.id, groupId), eq(employeeGroups.businessId, businessId)),
    );
  },

  async subGroup(db: Executor, groupId: number, subId: number): Promise<EmployeeSubGroupRow | undefined> {
    return firstWhere(
      db,
      employeeSubGroups,
      and(eq(employeeSubGroups.id, subId), eq(employeeSubGroups.groupId, groupId)),
    );
  },

  /** A sub-group by id with its group's organisation (invitations place people by sub-group id). */
  async subGroupById(db: Executor, subId: number) {
    const [row] = await db
      .select({ subGroup: employeeSubGroups, businessId: employeeGroups.businessId })
      .from(employeeSubGroups)
      .innerJoin(employeeGroups, eq(employeeGroups.id, employeeSubGroups.groupId))
      .where(eq(employeeSubGroups.id, subId));
    return row;
  },

  async insertGroup(
    db: Executor,
    values: { businessId: number; name: string; description: string | null },
    now: Date,
  ): Promise<EmployeeGroupRow> {
    return insertOne(db, employeeGroups, { ...values, createdAt: now });
  },

  async updateGroup(db: Executor, id: number, values: { name?: string; description?: string | null }) {
    return updateOne(db, employeeGroups, id, values);
  },

  async insertSubGroup(
    db: Executor,
    values: { groupId: number; name: string; description: string | null },
    now: Date,
  ): Promise<EmployeeSubGroupRow> {
    return insertOne(db, employeeSubGroups, { ...values, createdAt: now });
  },

  async updateSubGroup(db: Executor, id: number, values: { name?: string; description?: string | null }) {
    return updateOne(db, employeeSubGroups, id, values);
  },

  async members(db: Executor, subId: number) {
    return db
      .select()
      .from(employeeSubGroupMembers)
      .where(eq(employeeSubGroupMembers.subGroupId, subId))
      .orderBy(asc(employeeSubGroupMembers.userId));
  },

  /** Adds people to a sub-group; those already in it stay as they are. */
  async addMembers(db: Executor, subId: number, userIds: number[], now: Date): Promise<number> {
    if (userIds.length === 0) return 0;
    const rows = await db
      .insert(employeeSubGroupMembers)
      .values(userIds.map((userId) => ({ subGroupId: subId, userId, createdAt: now })))
      .onConflictDoNothing()
      .returning({ userId: employeeSubGroupMembers.userId });
    return rows.length;
  },

  async removeMembers(db: Executor, subId: number, userIds: number[]): Promise<number> {
    const rows = await db
      .delete(employeeSubGroupMembers)
      .where(
        and(eq(employeeSubGroupMembers.subGroupId, subId), inArray(employeeSubGroupMembers.userId, userIds)),
      )
      .returning({ userId: employeeSubGroupMembers.userId });
    return rows.length;
  },

  async countGroups(db: Executor, businessId: number): Promise<number> {
    return countWhere(db, employeeGroups, eq(employeeGroups.businessId, businessId));
  },
};
