import { count, eq, getTableName, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor, Unstamped } from './client.js';

/** The one row a write returned; a write that returned none is a fault of ours (`fault` says which). */
function theRow<Row>([row]: Row[], fault: string): Row {
  if (!row) throw new Error(fault);
  return row;
}

/** The one row an insert returned; an insert that returned none is a fault of ours. */
export function insertedRow<Row>(rows: Row[]): Row {
  return theRow(rows, 'insert returned no row');
}

/** Inserts one row into a table and returns it as written. */
export async function insertOne<Table extends PgTable>(
  db: Executor,
  table: Table,
  values: PgInsertValue<Table>,
): Promise<Table['$inferSelect']> {
  return insertedRow((await db.insert(table).values(values).returning()) as Table['$inferSelect'][]);
}

/**
 * Inserts one row unless a unique index holds one like it already (a code, a period's invoice, a
 * pending request): the row as written, or undefined when it was not new.
 */
export async function insertIfNew<Table extends PgTable>(
  db: Executor,
  table: Table,
  values: PgInsertValue<Table>,
): Promise<Table['$inferSelect'] | undefined> {
  const [row] = (await db
    .insert(table)
    .values(values)
    .onConflictDoNothing()
    .returning()) as Table['$inferSelect'][];
  return row;
}

/**
 * Inserts one row, or changes the row whose unique `target` column it repeats (with `set`), and
 * returns the row as it now is (a charity's payout account, an organisation's matching).
 */
export async function upsertOne<Table extends PgTable>(
  db: Executor,
  table: Table,
  values: PgInsertValue<Table>,
  target: AnyPgColumn,
  set: PgUpdateSetSource<Table>,
): Promise<Table['$inferSelect']> {
  const rows = await db.insert(table).values(values).onConflictDoUpdate({ target, set }).returning();
  return theRow(rows as Table['$inferSelect'][], 'upsert returned no row');
}

/**
 * Changes the one row of a table with this id and returns it as it now is; a row that vanished is a
 * fault of ours (the caller read or locked it first).
 */
export async function updateOne<Table extends PgTable & { id: AnyPgColumn }>(
  db: Executor,
  table: Table,
  id: number,
  values: PgUpdateSetSource<Table>,
): Promise<Table['$inferSelect']> {
  const rows = await db.update(table).set(values).where(eq(table.id, id)).returning();
  return theRow(rows as Table['$inferSelect'][], `row ${id} of ${getTableName(table)} vanished`);
}

/**
 * The first row of a table that `where` picks; undefined when there is none. With `lock`, the row
 * is locked until the transaction ends (`lockedWhere`).
 */
export async function firstWhere<Table extends PgTable>(
  db: Executor,
  table: Table,
  where: SQL | undefined,
  lock = false,
): Promise<Table['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where);
  const [row] = (await (lock ? query.for('update') : query)) as Table['$inferSelect'][];
  return row;
}

/** How many rows of a table `where` picks. */
export async function countWhere(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** The first row of a table that `where` picks, locked until the transaction ends; undefined when there is none. */
export const lockedWhere = <Table extends PgTable>(db: Executor, table: Table, where: SQL | undefined) =>
  firstWhere(db, table, where, true);

/**
 * Changes the rows of a table that `where` picks and returns the first as it now is; undefined when
 * none matched (a guarded change that found nothing to change: no longer pending, already used).
 */
export async function updateWhere<Table extends PgTable>(
  db: Executor,
  table: Table,
  values: PgUpdateSetSource<Table>,
  where: SQL | undefined,
): Promise<Table['$inferSelect'] | undefined> {
  const [row] = (await db.update(table).set(values).where(where).returning()) as Table['$inferSelect'][];
  return row;
}

/**
 * The insert and update of a table whose rows carry created_at and updated_at, stamped with the
 * app's clock (`now`), for a repository to spread in (people, charities, projects).
 */
export function stampedWrites<Table extends PgTable & { id: AnyPgColumn }>(table: Table) {
  return {
    insert(
      db: Executor,
      values: Unstamped<Table['$inferInsert']>,
      now: Date,
    ): Promise<Table['$inferSelect']> {
      return insertOne(db, table, { ...values, createdAt: now, updatedAt: now } as PgInsertValue<Table>);
    },
    update(
      db: Executor,
      id: number,
      values: Partial<Table['$inferInsert']>,
      now: Date,
    ): Promise<Table['$inferSelect']> {
      return updateOne(db, table, id, { ...values, updatedAt: now } as PgUpdateSetSource<Table>);
    },
  };
}

/** The `name` column (a name, a title) of the rows of a table with these ids, by id; no query for none. */
export async function namesById<Table extends PgTable & { id: AnyPgColumn }>(
  db: Executor,
  table: Table,
  name: AnyPgColumn,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = (await db
    .select({ id: table.id, name })
    .from(table as PgTable)
    .where(inArray(table.id, [...new Set(ids)]))) as Array<{ id: number; name: string }>;
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The SQL a repository repeats for a table whose rows are known by id, for it to name: insert a row
 * (or only a new one: `insertIfNew`), find one (undefined when there is none), lock one until the
 * transaction ends, read those with some ids (by id; no query for none), and change one (undefined
 * when there is none; with nothing to change, the row as it is).
 */
export function rowsById<Table extends PgTable & { id: AnyPgColumn }>(table: Table) {
  type Row = Table['$inferSelect'];
  return {
    insert(db: Executor, values: PgInsertValue<Table>): Promise<Row> {
      return insertOne(db, table, values);
    },
    insertIfNew(db: Executor, values: PgInsertValue<Table>): Promise<Row | undefined> {
      return insertIfNew(db, table, values);
    },
    find(db: Executor, id: number): Promise<Row | undefined> {
      return firstWhere(db, table, eq(table.id, id));
    },
    lock(db: Executor, id: number): Promise<Row | undefined> {
      return lockedWhere(db, table, eq(table.id, id));
    },
    async byIds(db: Executor, ids: number[]): Promise<Map<number, Row>> {
      if (ids.length === 0) return new Map();
      const rows = (await db
        .select()
        .from(table as PgTable)
        .where(inArray(table.id, [...new Set(ids)]))) as Row[];
      return new Map(rows.map((row) => [(row as { id: number }).id, row]));
    },
    change(db: Executor, id: number, values: PgUpdateSetSource<Table>): Promise<Row | undefined> {
      if (Object.keys(values).length === 0) return firstWhere(db, table, eq(table.id, id));
      return updateWhere(db, table, values, eq(table.id, id));
    },
  };
}
