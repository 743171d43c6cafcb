import { ADMIN_TYPE } from '@kindred/shared';
import {
  and,
  asc,
  count,
  eq,
  type GetColumnData,
  getTableColumns,
  getTableName,
  isNull,
  ne,
  notExists,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';
import { prepared } from './prepared.js';

/** The role of an account's admin in its memberships (a charity's admin, an organisation's Super Admin). */
const ADMIN = ADMIN_TYPE.superAdmin;

/** An account table's columns the shared queries read. */
type Accounts = PgTable & {
  id: AnyPgColumn;
  name: AnyPgColumn;
  createdAt: AnyPgColumn;
  approvalStatus: AnyPgColumn;
  deletedAt: AnyPgColumn;
};

/**
 * The queries accounts with members (charities, organisations) share, on the tables the owning
 * module passes: its accounts, its memberships, and the name of the memberships' column that
 * holds the account's id. Each module's repository answers with them; no other module reads the
 * tables (decision 010).
 */
export function accountMemberships<M extends PgTable>(
  accounts: Accounts,
  memberships: M,
  accountKey: string,
) {
  const columnsOf = (table: PgTable) => {
    const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
    const column = (key: string) => {
      const found = columns[key];
      if (!found) throw new Error(`no column ${key}`);
      return found;
    };
    return { accountId: column(accountKey), userId: column('userId'), adminType: column('adminType') };
  };
  const member = columnsOf(memberships);
  // Read for every gift an account receives (who is told): built once, named after its table.
  const adminIdsOf = prepared(`${getTableName(memberships)}_admin_ids`, (db) =>
    db
      .select({ userId: member.userId })
      .from(memberships as PgTable)
      .where(and(eq(member.accountId, sql.placeholder('accountId')), eq(member.adminType, ADMIN))),
  );

  return {
    /** The ids of the account's admins, for notices. */
    async adminIds(db: Executor, accountId: number): Promise<number[]> {
      const rows = (await adminIdsOf(db, { accountId })) as Array<{ userId: unknown }>;
      return rows.map((row) => Number(row.userId));
    },

    /** The accounts (not deleted) of which the person is the only admin. */
    async soleAdminOf(db: Executor, userId: number): Promise<Array<{ id: number; name: string }>> {
      const otherTable = alias(memberships, 'other_admin');
      const other = columnsOf(otherTable);
      const rows = await db
        .select({ id: accounts.id, name: accounts.name })
        .from(memberships as PgTable)
        .innerJoin(accounts, eq(accounts.id, member.accountId))
        .where(
          and(
            eq(member.userId, userId),
            eq(member.adminType, ADMIN),
            isNull(accounts.deletedAt),
            notExists(
              db
                .select({ one: sql`1` })
                .from(otherTable as PgTable)
                .where(
                  and(
                    eq(other.accountId, member.accountId),
                    eq(other.adminType, ADMIN),
                    ne(other.userId, userId),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(accounts.name));
      return rows.map((row) => ({ id: Number(row.id), name: String(row.name) }));
    },

    /** A person's membership of the account, if any. */
    async membership(
      db: Executor,
      accountId: number,
      userId: number,
    ): Promise<M['$inferSelect'] | undefined> {
      const [row] = await db
        .select()
        .from(memberships as PgTable)
        .where(and(eq(member.accountId, accountId), eq(member.userId, userId)));
      return row as M['$inferSelect'] | undefined;
    },

    /** Changes a person's role (or permissions) in the account. */
    async updateMember(
      db: Executor,
      accountId: number,
      userId: number,
      values: Partial<M['$inferInsert']>,
    ): Promise<void> {
      await db
        .update(memberships)
        .set(values as PgUpdateSetSource<M>)
        .where(and(eq(member.accountId, accountId), eq(member.userId, userId)));
    },

    async removeMember(db: Executor, accountId: number, userId: number): Promise<void> {
      await db.delete(memberships).where(and(eq(member.accountId, accountId), eq(member.userId, userId)));
    },

    /** A deleted account leaves its charities and organisations. */
    async removeUserMemberships(db: Executor, userId: number): Promise<void> {
      await db.delete(memberships).where(eq(member.userId, userId));
    },

    /** Approved accounts added each day (the statistics). */
    async dailyApproved(db: Executor): Promise<{ day: string; value: number }[]> {
      const day = sql<string>`to_char(${accounts.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, value: count() })
        .from(accounts as PgTable)
        .where(and(eq(accounts.approvalStatus, 'approved'), isNull(accounts.deletedAt)))
        .groupBy(day);
      return rows.map((row) => ({ day: row.day, value: Number(row.value) }));
    },
  };
}

/**
 * The accounts of one kind (charities, organisations, projects, groups) a person belongs to, with the
 * columns asked for: `join` is the memberships' column holding the account's id and the accounts' id
 * (each membership table holds the person in `userId`).
 */
export function membershipsOfUser<F extends Record<string, AnyPgColumn>>(
  db: Executor,
  userId: number,
  join: [memberAccountId: AnyPgColumn, accountId: AnyPgColumn],
  orderBy: AnyPgColumn,
  fields: F,
): Promise<Array<{ [K in keyof F]: GetColumnData<F[K]> }>> {
  const [memberAccountId, accountId] = join;
  const member = getTableColumns(memberAccountId.table) as Record<string, AnyPgColumn>;
  if (!member.userId) throw new Error('a membership table holds its person in userId');
  // Built on the columns as plain columns (drizzle cannot carry the generic through a join): the
  // rows hold exactly the fields asked for, each as its column reads.
  const query = db
    .select(fields as Record<string, AnyPgColumn>)
    .from(memberAccountId.table)
    .innerJoin(accountId.table, eq(accountId, memberAccountId))
    .where(eq(member.userId, userId))
    .orderBy(orderBy);
  return query as unknown as Promise<Array<{ [K in keyof F]: GetColumnData<F[K]> }>>;
}
