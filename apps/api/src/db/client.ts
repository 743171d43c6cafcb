import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrateQueue } from '../events/queue-schema.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository method runs in: the database, or the transaction its service opened. */
export type Executor = Db | Tx;

/**
 * Runs independent reads: side by side on the pool, one after another inside a transaction (its one
 * client runs one statement at a time; pg warns of, and will refuse, statements sent at once).
 */
export async function readAll<T extends readonly (() => Promise<unknown>)[]>(
  executor: Executor,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!('rollback' in executor)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

export interface Database {
  db: Db;
  /**
   * Where anonymous public reads go (explore, public pages): the read replica when
   * `DATABASE_READ_URL` is set, otherwise `db`. Never for a read that must see a write of the
   * caller's own: see `readsFor`.
   */
  reads: Db;
  /**
   * The database for a read made for `viewer`: a signed-in person may be reading what they have
   * just written, which a replica may not have replayed yet, so they read from the primary.
   */
  readsFor(viewer: object | null | undefined): Db;
  /** The read replica, when there is one: whether it answers and how far behind it is (health). */
  replica?: { status(): Promise<{ status: 'up' | 'down'; lag_bytes: number | null }> };
  /**
   * `embedded`: the PostgreSQL server the app started itself in `DATA_DIR` (one API process);
   * `postgres`: a server at `DATABASE_URL`, which several API processes may share.
   */
  kind: 'embedded' | 'postgres';
  /** The connection string (for connections outside the pool, such as LISTEN). */
  url: string;
  /**
   * Applies the migrations, then runs `andThen` (loading reference and demo data) under the same
   * start-up lock: of several API processes starting together, one prepares the
   * database while the others wait, then find it ready.
   */
  migrate(andThen?: (db: Db) => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATION_LOCK = 72_411_001;
const CONNECT_TIMEOUT_MS = 5_000;

/** PostgreSQL error classes and codes that mean the database is away, not that the query is wrong. */
/**
 * Also a transaction the database chose to end so that another could go on (a deadlock, 40P01; a
 * serialization failure, 40001): nothing of it was written, and the same request may be tried again.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P04', '53300', '40P01', '40001']);
/** Socket errors on the way to the database. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What pg and pg-pool say when a connection is lost or cannot be had. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|is not currently accepting connections/;

/**
 * Whether an error (or the error it wraps: drizzle wraps the driver's in `cause`) says the
 * database cannot be reached: terminated backends (57P01 on a restart or failover), a database
 * starting or shutting down, refused or lost connections. Such requests answer 503 and may be
 * retried; the pool reconnects as soon as the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))
        return true;
    }
    // drizzle's own error repeats the query and its parameters in its message: read only its cause.
    const wrapsQuery = 'query' in current && 'params' in current;
    if (!wrapsQuery && UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  /** PostgreSQL connection string. */
  databaseUrl: string;
  /** A streaming replica of `databaseUrl` for anonymous public reads. */
  readUrl?: string | undefined;
  poolSize?: number;
  /** Whether `databaseUrl` is the embedded server the app started (see `Database.kind`). */
  kind?: Database['kind'];
}

/** A pool of connections to PostgreSQL that fails fast and survives lost connections. */
export function openPool(connectionString: string, max: number, name?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(name ? { application_name: name } : {}),
    // A database that does not answer fails the request (503) instead of holding it forever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool has dropped it and opens another when needed.
  });
  pool.on('connect', (client) => {
    // A client a request holds (in a transaction, between two queries) whose backend is
    // terminated (57P01 on a restart or failover) or whose socket closes emits 'error' with no
    // query to fail. Unheard, that event would end the process. The request sees the failure on
    // its next query (503), and the pool drops the client when it is released.
    client.on('error', () => undefined);
  });
  return pool;
}

/**
 * The read replica's state: up, with how much WAL it has received but not yet replayed (bytes;
 * 0 when it has caught up with what it was sent), or down.
 */
async function replicaStatus(pool: pg.Pool) {
  try {
    const { rows } = await pool.query<{ lag: string | null }>(
      'select pg_wal_lsn_diff(pg_last_wal_receive_lsn(), pg_last_wal_replay_lsn()) as lag',
    );
    const lag = rows[0]?.lag;
    return { status: 'up' as const, lag_bytes: lag === null || lag === undefined ? null : Number(lag) };
  } catch {
    return { status: 'down' as const, lag_bytes: null };
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const pool = openPool(options.databaseUrl, options.poolSize ?? 10);
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const replicaPool = options.readUrl ? openPool(options.readUrl, options.poolSize ?? 10) : undefined;
  const reads = replicaPool ? (drizzleNodePg(replicaPool, { schema }) as unknown as Db) : db;
  return {
    db,
    reads,
    readsFor: (viewer) => (viewer ? db : reads),
    ...(replicaPool ? { replica: { status: () => replicaStatus(replicaPool) } } : {}),
    kind: options.kind ?? 'postgres',
    url: options.databaseUrl,
    // Several API processes may start at once: one prepares the database while the others wait on the lock.
    migrate: async (andThen) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        // The event queue's own tables (graphile-worker's schema), beside the app's.
        await migrateQueue(pool);
        await andThen?.(db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await Promise.all([pool.end(), replicaPool?.end()]);
    },
  };
}

/** A row to insert without its time stamps: the repository stamps it with the app's clock. */
export type Unstamped<T> = Omit<T, 'createdAt' | 'updatedAt'>;
