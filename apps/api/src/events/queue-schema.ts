import { Logger, runMigrations } from 'graphile-worker';
import type pg from 'pg';

/** The PostgreSQL schema graphile-worker keeps the event mechanism's jobs in (decision 041). */
export const QUEUE_SCHEMA = 'graphile_worker';

/** What the queue may log: errors and warnings go to `log`, the rest is dropped. */
export function queueLogger(log: (() => { error(details: object, message: string): void }) | undefined) {
  return new Logger(() => (level, message, meta) => {
    if (level === 'error' || level === 'warning') log?.().error({ ...meta, queue: true }, message);
  });
}

/** Installs or upgrades the queue's schema (run under the start-up lock, after the app's migrations). */
export async function migrateQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, schema: QUEUE_SCHEMA, logger: queueLogger(undefined) });
}
