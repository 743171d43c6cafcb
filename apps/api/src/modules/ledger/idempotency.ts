import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { placeholder, prepared } from '../../db/prepared.js';
import { AppError } from '../../lib/errors.js';
import type { IdempotencyRequest, IdempotentResult } from '../../lib/idempotency.js';
import { idempotencyKeys } from './ledger.table.js';

/** Keys are kept at least this long; older ones are removed by the scheduler. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 48 * 60 * 60 * 1000;

// The key's two statements, built once (db/prepared.ts): every money call with a key sends them.
const insertKey = prepared('idempotency_insert_key', (db) =>
  db
    .insert(idempotencyKeys)
    .values({
      scope: sql.placeholder('scope'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
      createdAt: sql.placeholder('createdAt'),
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id }),
);
const storeAnswer = prepared('idempotency_store_answer', (db) =>
  db
    .update(idempotencyKeys)
    .set({
      statusCode: placeholder<number>('statusCode'),
      response: sql`${sql.placeholder('response')}::jsonb`,
    })
    .where(eq(idempotencyKeys.id, sql.placeholder('id'))),
);

/** The body kept for a refusal, as the error handler would send it. */
interface StoredRefusal {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

/** A refusal of the work itself (not of the key), carried out of its rolled-back transaction. */
class Refused {
  constructor(readonly error: AppError) {}
}

const refusalBody = (error: AppError): StoredRefusal => {
  const body: StoredRefusal = { error: { code: error.code, message: error.message } };
  if (error.details) body.error.details = error.details;
  return body;
};

/** The answer kept with a key, as the first request got it. */
function storedAnswer<T>(first: typeof idempotencyKeys.$inferSelect): IdempotentResult<T> | AppError {
  const statusCode = first.statusCode ?? 200;
  if (statusCode >= 400) {
    const { error } = first.response as StoredRefusal;
    return new AppError(statusCode, error.code, error.message, error.details);
  }
  return { statusCode, body: first.response as T };
}

const keyReused = () =>
  new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another request.');

/**
 * Runs a money-moving piece of work at most once per key. The key is written in the same database
 * transaction as the work, so either both are kept or neither: a retry after a failure of ours
 * (5xx, a lost database) runs the work again, a retry after an answer gets the first answer. That
 * includes refusals: when the work refuses (an AppError under 500: not enough funds, a declined
 * card), its transaction is rolled back whole and the refusal is then kept with the key in a
 * transaction of its own, so a retry gets the same refusal (a request with the same key that got
 * in between keeps its own answer, and this one gets it too). The same key with another request
 * answers 409. On PostgreSQL a concurrent retry waits for the first to finish.
 */
export async function runIdempotent<T>(
  db: Db,
  request: IdempotencyRequest,
  now: Date,
  work: (tx: Tx) => Promise<IdempotentResult<T>>,
): Promise<IdempotentResult<T>> {
  const { key } = request;
  if (key === undefined) return db.transaction((tx) => work(tx));
  let outcome: IdempotentResult<T> | AppError;
  try {
    outcome = await db.transaction(async (tx): Promise<IdempotentResult<T> | AppError> => {
      const inserted = await insertKey(tx, {
        scope: request.scope,
        key,
        requestHash: request.requestHash,
        createdAt: now,
      });
      if (inserted.length === 0) {
        const first = await answerKept<T>(tx, request, key);
        if (first instanceof AppError) throw first;
        return first;
      }
      let result: IdempotentResult<T>;
      try {
        result = await work(tx);
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) throw new Refused(error);
        throw error;
      }
      await storeAnswer(tx, {
        id: inserted[0]?.id ?? 0,
        statusCode: result.statusCode,
        response: JSON.stringify(result.body),
      });
      return result;
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    outcome = await keepRefusal(db, request, key, now, error.error);
  }
  // A refusal leaves after its key is committed.
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** Keeps a refusal with its key (the work's transaction was rolled back); answers what the key holds. */
async function keepRefusal(
  db: Db,
  request: IdempotencyRequest,
  key: string,
  now: Date,
  refusal: AppError,
): Promise<IdempotentResult<never> | AppError> {
  const kept = await db
    .insert(idempotencyKeys)
    .values({
      scope: request.scope,
      key,
      requestHash: request.requestHash,
      createdAt: now,
      statusCode: refusal.statusCode,
      response: refusalBody(refusal),
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (kept.length > 0) return refusal;
  return answerKept<never>(db, request, key);
}

/** The answer a key already holds; 409 when it was used for another request. */
async function answerKept<T>(
  executor: Db | Tx,
  request: IdempotencyRequest,
  key: string,
): Promise<IdempotentResult<T> | AppError> {
  const [first] = await executor
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, key)));
  if (!first || first.requestHash !== request.requestHash) return keyReused();
  return storedAnswer<T>(first);
}

/**
 * For work that keeps its own key in the one database call that does it (a gift written whole by
 * `gift_write`): what the key already held when that call found it taken, as `runIdempotent` answers
 * it (the first answer, the first refusal thrown, or 409 for the same key with another request).
 */
export function keptAnswer<T>(
  request: IdempotencyRequest,
  kept: { request_hash: string; status_code: number | null; response: unknown },
): IdempotentResult<T> {
  if (kept.request_hash !== request.requestHash) throw keyReused();
  const answer = storedAnswer<T>({
    statusCode: kept.status_code,
    response: kept.response,
  } as typeof idempotencyKeys.$inferSelect);
  if (answer instanceof AppError) throw answer;
  return answer;
}

/**
 * For the same work refused before or by its call (nothing of it written): the refusal kept with the
 * key, as `runIdempotent` keeps one; a request with the same key that got in between keeps its own
 * answer, and this one gets it too. Throws the refusal.
 */
export async function refuseWithKey<T>(
  db: Db,
  request: IdempotencyRequest,
  now: Date,
  refusal: AppError,
): Promise<IdempotentResult<T>> {
  if (request.key === undefined) throw refusal;
  const outcome = await keepRefusal(db, request, request.key, now, refusal);
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)));
}
