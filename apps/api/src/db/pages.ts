import { and, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { exactTime, type IdKeyset, type Keyset, newestFirst, newestIdFirst } from '../lib/pagination.js';
import type { Executor } from './client.js';

/**
 * A keyset page of a table's rows newest first (by created_at, then id), each with its exact time
 * for the cursor; `where` narrows the rows (the admin lists of people, charities, projects, audit).
 */
export function newestRows<Table extends PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn }>(
  db: Executor,
  table: Table,
  page: Keyset,
  where: (SQL | undefined)[],
): Promise<Array<{ row: Table['$inferSelect']; at: string }>> {
  const { conditions, order } = newestFirst(table.createdAt, table.id, page.cursor, page.before);
  return db
    .select({ row: table as PgTable, at: exactTime(table.createdAt) })
    .from(table as PgTable)
    .where(and(...conditions, ...where))
    .orderBy(...order)
    .limit(page.limit) as Promise<Array<{ row: Table['$inferSelect']; at: string }>>;
}

/**
 * A keyset page of a table's rows newest first by id alone (`IdKeyset`); `where` narrows the rows
 * (a business's subscriptions and invoices, a person's notifications, an endpoint's deliveries...).
 */
export function newestByIdRows<Table extends PgTable & { id: AnyPgColumn }>(
  db: Executor,
  table: Table,
  page: IdKeyset,
  where: (SQL | undefined)[] = [],
): Promise<Array<Table['$inferSelect']>> {
  const { condition, order } = newestIdFirst(table.id, page.cursorId, page.before);
  return db
    .select()
    .from(table as PgTable)
    .where(and(...where, condition))
    .orderBy(order)
    .limit(page.limit) as Promise<Array<Table['$inferSelect']>>;
}
