import type { Page, PageQuery } from '@kindred/shared';
import { and, asc, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors.js';

/**
 * Keyset pagination (domain.md §1). A cursor is the sort key of a row, encoded opaquely. A list
 * asks for `limit + 1` rows past the cursor in the requested direction and calls `toPage`.
 */
export type CursorValue = string | number;

export function encodeCursor(key: CursorValue[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, length: number): CursorValue[] | undefined {
  if (cursor === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === length &&
      value.every((part) => typeof part === 'string' || typeof part === 'number')
    ) {
      return value as CursorValue[];
    }
  } catch {
    // falls through to the error below
  }
  throw badRequest('The cursor is not valid.', { cursor: 'Not a cursor from this list.' });
}

/**
 * Rows arrive in the order of the query: ascending for `after`, descending for `before` (the
 * caller flips the sort). Returns the page in ascending order with cursors on both ends.
 */
export function toPage<Row, Item>(
  rows: Row[],
  query: PageQuery,
  keyOf: (row: Row) => CursorValue[],
  toItem: (row: Row) => Item,
): Page<Item> {
  const hasMore = rows.length > query.limit;
  const slice = hasMore ? rows.slice(0, query.limit) : rows;
  const ordered = query.direction === 'before' ? slice.reverse() : slice;
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  const cameFromCursor = query.cursor !== undefined;
  const moreAfter = query.direction === 'after' ? hasMore : cameFromCursor;
  const moreBefore = query.direction === 'before' ? hasMore : cameFromCursor;
  return {
    items: ordered.map(toItem),
    next_cursor: moreAfter && last ? encodeCursor(keyOf(last)) : null,
    prev_cursor: moreBefore && first ? encodeCursor(keyOf(first)) : null,
  };
}

/**
 * The WHERE part and ORDER BY of a newest-first keyset list on (created_at, id): `after` walks to
 * older rows, `before` to newer ones (ordered oldest first; `toPage` puts them back).
 */
export function newestFirst(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  cursor: CursorValue[] | undefined,
  before: boolean,
) {
  const conditions: Array<SQL | undefined> = [];
  if (cursor) {
    const [at, key] = cursor;
    const when = new Date(String(at));
    const cmp = before ? gt : lt;
    conditions.push(or(cmp(createdAt, when), and(eq(createdAt, when), cmp(id, Number(key)))));
  }
  const order = before ? [asc(createdAt), asc(id)] : [desc(createdAt), desc(id)];
  return { conditions, order };
}
