import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/** The one row an insert returned; an insert that returned none is a fault of ours. */
export function insertedRow<Row>([row]: Row[]): Row {
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Inserts one row into a table and returns it as written. */
export async function insertOne<Table extends PgTable>(
  db: Executor,
  table: Table,
  values: PgInsertValue<Table>,
): Promise<Table['$inferSelect']> {
  return insertedRow((await db.insert(table).values(values).returning()) as Table['$inferSelect'][]);
}
