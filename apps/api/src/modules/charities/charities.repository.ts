import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Executor, Unstamped } from '../../db/client.js';
import type { CursorValue } from '../../lib/pagination.js';
import { projects } from '../projects/projects.table.js';
import { users } from '../users/users.table.js';
import { charities, charityMemberships } from './charities.table.js';

export type CharityRow = typeof charities.$inferSelect;
export type NewCharity = typeof charities.$inferInsert;

/** A charity the public may see: approved, not locked, not deleted. */
export const publicCharity = () =>
  and(eq(charities.approvalStatus, 'approved'), eq(charities.lockStatus, false), isNull(charities.deletedAt));

export const charitiesRepository = {
  async find(db: Executor, id: number): Promise<CharityRow | undefined> {
    const [row] = await db
      .select()
      .from(charities)
      .where(and(eq(charities.id, id), isNull(charities.deletedAt)));
    return row;
  },

  async insert(db: Executor, values: Unstamped<NewCharity>, now: Date): Promise<CharityRow> {
    const [row] = await db
      .insert(charities)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: Executor, id: number, values: Partial<NewCharity>, now: Date): Promise<CharityRow> {
    const [row] = await db
      .update(charities)
      .set({ ...values, updatedAt: now })
      .where(eq(charities.id, id))
      .returning();
    if (!row) throw new Error(`charity ${id} vanished`);
    return row;
  },

  async liveProjectCounts(db: Executor, charityIds: number[]): Promise<Map<number, number>> {
    if (charityIds.length === 0) return new Map();
    const rows = await db
      .select({ charityId: projects.charityId, n: count() })
      .from(projects)
      .where(and(inArray(projects.charityId, charityIds), eq(projects.status, 2)))
      .groupBy(projects.charityId);
    return new Map(rows.map((row) => [row.charityId ?? 0, row.n]));
  },

  /** Approved, visible charities by name, keyset paged (for pickers). */
  async listPublic(
    db: Executor,
    page: { limit: number; cursor?: CursorValue[]; before: boolean; q?: string },
  ) {
    const conditions: Array<SQL | undefined> = [publicCharity()];
    if (page.q) conditions.push(ilike(charities.name, `%${page.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    if (page.cursor) {
      const [name, id] = page.cursor;
      const cmp = page.before ? lt : gt;
      conditions.push(
        or(
          cmp(charities.name, String(name)),
          and(eq(charities.name, String(name)), cmp(charities.id, Number(id))),
        ),
      );
    }
    return db
      .select()
      .from(charities)
      .where(and(...conditions))
      .orderBy(
        ...(page.before
          ? [desc(charities.name), desc(charities.id)]
          : [asc(charities.name), asc(charities.id)]),
      )
      .limit(page.limit);
  },

  async listByApproval(
    db: Executor,
    status: CharityRow['approvalStatus'],
    page: { limit: number; cursor?: CursorValue[]; before: boolean },
  ) {
    const conditions: Array<SQL | undefined> = [
      eq(charities.approvalStatus, status),
      isNull(charities.deletedAt),
    ];
    if (page.cursor) conditions.push((page.before ? gt : lt)(charities.id, Number(page.cursor[0])));
    return db
      .select()
      .from(charities)
      .where(and(...conditions))
      .orderBy(page.before ? asc(charities.id) : desc(charities.id))
      .limit(page.limit);
  },

  async members(db: Executor, charityId: number) {
    return db
      .select({
        user_id: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        email: users.email,
        avatar: users.avatar,
        admin_type: charityMemberships.adminType,
        permissions: charityMemberships.permissions,
        joinedAt: charityMemberships.createdAt,
      })
      .from(charityMemberships)
      .innerJoin(users, eq(users.id, charityMemberships.userId))
      .where(eq(charityMemberships.charityId, charityId))
      .orderBy(asc(charityMemberships.adminType), asc(users.lastName), asc(users.id));
  },

  async countAdmins(db: Executor, charityId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(charityMemberships)
      .where(and(eq(charityMemberships.charityId, charityId), eq(charityMemberships.adminType, 1)));
    return row?.n ?? 0;
  },

  async addMember(
    db: Executor,
    charityId: number,
    userId: number,
    adminType: number,
    permissions: string[],
    now: Date,
  ) {
    await db
      .insert(charityMemberships)
      .values({ charityId, userId, adminType, permissions, createdAt: now })
      .onConflictDoUpdate({
        target: [charityMemberships.charityId, charityMemberships.userId],
        set: { adminType, permissions },
      });
  },

  async updateMember(
    db: Executor,
    charityId: number,
    userId: number,
    values: { adminType?: number; permissions?: string[] },
  ) {
    await db
      .update(charityMemberships)
      .set(values)
      .where(and(eq(charityMemberships.charityId, charityId), eq(charityMemberships.userId, userId)));
  },

  async removeMember(db: Executor, charityId: number, userId: number) {
    await db
      .delete(charityMemberships)
      .where(and(eq(charityMemberships.charityId, charityId), eq(charityMemberships.userId, userId)));
  },

  async adminEmails(db: Executor, charityId: number): Promise<string[]> {
    const rows = await db
      .select({ email: users.email })
      .from(charityMemberships)
      .innerJoin(users, eq(users.id, charityMemberships.userId))
      .where(
        and(
          eq(charityMemberships.charityId, charityId),
          eq(charityMemberships.adminType, 1),
          isNull(users.deletedAt),
        ),
      );
    return rows.map((row) => row.email);
  },

  /** Whether the charity runs Live projects (a Completed one has already paid its funds to the charity). */
  async hasActiveProjects(db: Executor, charityId: number): Promise<boolean> {
    const [row] = await db
      .select({ n: count() })
      .from(projects)
      .where(and(eq(projects.charityId, charityId), eq(projects.status, 2)));
    return (row?.n ?? 0) > 0;
  },
};

/** What other modules may read of a charity. */
export const charitiesQueries = {
  find(db: Executor, id: number): Promise<CharityRow | undefined> {
    return charitiesRepository.find(db, id);
  },

  async names(db: Executor, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: charities.id, name: charities.name })
      .from(charities)
      .where(inArray(charities.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  adminEmails(db: Executor, charityId: number): Promise<string[]> {
    return charitiesRepository.adminEmails(db, charityId);
  },
};
