import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { buildTemplate, dropTemplate } from './template.js';

/**
 * Once for the whole API suite: without DATABASE_URL, starts one embedded PostgreSQL server for the
 * run (in a temporary folder, tuned to throw away: no flushes to disk) and points DATABASE_URL at
 * it, which the test files inherit; then builds the template database every test file copies.
 */
export default async function setup() {
  process.env.VITEST_TEMPLATE_ID = randomUUID().replace(/-/g, '').slice(0, 12);
  let stopServer = async () => undefined;
  if (!process.env.DATABASE_URL) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kindred-test-db-'));
    // As root the server runs as the user "postgres", who must be able to enter the folder.
    await chmod(dir, 0o755);
    const server = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), mode: 'throwaway' });
    process.env.DATABASE_URL = server.urlFor('postgres');
    stopServer = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  await buildTemplate();
  return async () => {
    await dropTemplate();
    await stopServer();
  };
}
