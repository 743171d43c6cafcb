import type { Page, PageQuery } from '@kindred/shared';
import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors.js';
import { isUnsafeText } from './text.js';

/**
 * Keyset pagination (docs/product/wire-contract.md#keyset-pages). A cursor is the sort key of a
 * row, encoded opaquely. A list asks for `limit + 1` rows past the cursor in the requested
 * direction and calls `toPage`.
 */
export type CursorValue = string | number;

/** What a repository reads for a keyset page: how many rows, past which cursor, in which direction. */
export interface Keyset {
  limit: number;
  cursor?: CursorValue[] | undefined;
  before: boolean;
}

/** The same for a list kept by id alone (newest first). */
export interface IdKeyset {
  limit: number;
  cursorId?: number | undefined;
  before: boolean;
}

export function encodeCursor(key: CursorValue[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
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
 * A page of rows read newest first, each with its exact time (`at`, from `exactTime`): the cursor
 * is (at, the item's id), and the items are what `itemOf` takes from each row.
 */
export function timedPage<Row extends { at: string }, Item extends { id: number }>(
  rows: Row[],
  query: PageQuery,
  itemOf: (row: Row) => Item,
): Page<Item> {
  return toPage(rows, query, (row) => [row.at, itemOf(row).id], itemOf);
}

function decodeRaw(cursor: string | undefined, length: number): CursorValue[] | undefined {
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

/** What each part of a keyset cursor must be: the list's sort key, part by part. */
export type CursorPart = 'text' | 'id' | 'number' | 'day' | 'time';

const CURSOR_PART: Record<CursorPart, (value: CursorValue) => boolean> = {
  // Text a list sorts by never holds a NUL or a broken character: such a cursor is forged.
  text: (value) => typeof value === 'string' && value.length <= 1000 && !isUnsafeText(value),
  id: (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0,
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  day: (value) =>
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    value >= '0001-01-01' &&
    !Number.isNaN(Date.parse(value)),
  time: (value) =>
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(value) &&
    value >= '0001-01-01' &&
    !Number.isNaN(Date.parse(value)),
};

/**
 * A keyset cursor whose parts have the types the list sorts by. A cursor from another list, or
 * one made up by hand, is bad input (400): its values must never reach the database unchecked.
 */
export function decodeCursor(cursor: string | undefined, parts: CursorPart[]): CursorValue[] | undefined {
  const value = decodeRaw(cursor, parts.length);
  if (value && !parts.every((part, i) => CURSOR_PART[part](value[i] as CursorValue))) {
    throw badRequest('The cursor is not valid.', { cursor: 'Not a cursor from this list.' });
  }
  return value;
}

/**
 * What a repository reads for a page of the query: the decoded cursor, its direction, and one row
 * more than asked for (`toPage` learns from it whether there are more).
 */
export function pageKeyset(query: PageQuery, parts: CursorPart[]) {
  return {
    cursor: decodeCursor(query.cursor, parts),
    before: query.direction === 'before',
    limit: query.limit + 1,
  };
}

/** Where a page of a list kept by id (newest first) starts: `limit + 1` rows past the query's cursor. */
export function pageById(query: PageQuery): IdKeyset {
  const cursor = decodeCursor(query.cursor, ['id']);
  return {
    limit: query.limit + 1,
    cursorId: cursor ? Number(cursor[0]) : undefined,
    before: query.direction === 'before',
  };
}

/**
 * A timestamp as exact text (microseconds, UTC) for a cursor. A JavaScript Date keeps only
 * milliseconds, so a cursor made from one would skip or repeat rows created within the same millisecond.
 */
export const exactTime = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Newest first on (created_at, id) with an exact cursor from `exactTime`: `after` walks to older
 * rows, `before` to newer ones (ordered oldest first; `toPage` puts them back).
 */
export function newestFirst(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  cursor: CursorValue[] | undefined,
  before: boolean,
) {
  const conditions: SQL[] = [];
  if (cursor) {
    const [at, key] = cursor;
    conditions.push(
      before
        ? sql`(${createdAt}, ${id}) > (${String(at)}::timestamptz, ${Number(key)})`
        : sql`(${createdAt}, ${id}) < (${String(at)}::timestamptz, ${Number(key)})`,
    );
  }
  const order = before ? [asc(createdAt), asc(id)] : [desc(createdAt), desc(id)];
  return { conditions, order };
}

/** Rows after the cursor (name, id) in name order, or before it (ordered backwards; `toPage` puts them back). */
export function byName(
  name: AnyPgColumn,
  id: AnyPgColumn,
  cursor: CursorValue[] | undefined,
  before: boolean,
) {
  const order = before ? [desc(name), desc(id)] : [asc(name), asc(id)];
  if (!cursor) return { condition: undefined, order };
  const [value, key] = cursor;
  const cmp = before ? lt : gt;
  return {
    condition: or(cmp(name, String(value)), and(eq(name, String(value)), cmp(id, Number(key)))),
    order,
  };
}

/** Oldest first on the id alone: `after` walks to larger ids, `before` to smaller ones (ordered newest first). */
export function oldestIdFirst(id: AnyPgColumn, cursorId: number | undefined, before: boolean) {
  return {
    condition: cursorId === undefined ? undefined : (before ? lt : gt)(id, cursorId),
    order: before ? desc(id) : asc(id),
  };
}

/** Newest first on the id alone: `after` walks to smaller ids, `before` to larger ones (ordered oldest first). */
export function newestIdFirst(id: AnyPgColumn, cursorId: number | undefined, before: boolean) {
  return {
    condition: cursorId === undefined ? undefined : (before ? gt : lt)(id, cursorId),
    order: before ? asc(id) : desc(id),
  };
}
