import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { embeddedDatabaseDir } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from '../db/embedded-postgres.js';

/**
 * `npm run db:carry-over`: moves the data of an earlier version's embedded database (PGlite, in
 * DATA_DIR/db) into this version's (PostgreSQL, in DATA_DIR/postgres), replacing what the new one
 * holds (decision 040). PGlite is fetched from the npm registry into a folder of DATA_DIR for this
 * run only: the app itself no longer carries it. Its own pg_dump writes the old database as SQL,
 * which the new server runs; the next start applies this version's migrations to it. The old
 * folder is kept, renamed `db.carried-over`. Run it while the app is stopped.
 */
const PGLITE = '@electric-sql/pglite@0.5.16';
const PGLITE_TOOLS = '@electric-sql/pglite-tools@0.4.8';

interface Pglite {
  close(): Promise<void>;
}

const config = loadConfig();
const oldDir = path.join(config.dataDir, 'db');
if (!existsSync(path.join(oldDir, 'PG_VERSION'))) {
  process.stdout.write(`Nothing to carry over: ${oldDir} holds no database of an earlier version.\n`);
  process.exit(0);
}

const tools = path.join(config.dataDir, '.carry-over-tools');
process.stdout.write(`Fetching ${PGLITE} and ${PGLITE_TOOLS} into ${tools} ...\n`);
await mkdir(tools, { recursive: true });
await promisify(execFile)(
  'npm',
  [
    'install',
    '--prefix',
    tools,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--legacy-peer-deps',
    PGLITE,
    PGLITE_TOOLS,
  ],
  { shell: process.platform === 'win32' },
);
const from = createRequire(path.join(tools, 'package.json'));
const load = async <T>(name: string) => (await import(pathToFileURL(from.resolve(name)).href)) as T;
const { PGlite } = await load<{ PGlite: { create(dir: string): Promise<Pglite> } }>('@electric-sql/pglite');
const { pgDump } = await load<{ pgDump(o: { pg: Pglite; args: string[] }): Promise<File> }>(
  '@electric-sql/pglite-tools/pg_dump',
);

process.stdout.write(`Reading ${oldDir} ...\n`);
const old = await PGlite.create(oldDir);
const dump = await (await pgDump({ pg: old, args: ['--no-owner', '--no-privileges'] })).text();
await old.close();
// pg_dump writes a few psql commands (lines starting with a backslash); the server runs only SQL.
const script = dump
  .split('\n')
  .filter((line) => !line.startsWith('\\'))
  .join('\n');

const server = await startEmbeddedPostgres({ dir: embeddedDatabaseDir(config), whenRunning: 'refuse' });
try {
  const admin = new pg.Client({ connectionString: server.urlFor('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${EMBEDDED_DATABASE} with (force)`);
  await admin.query(`create database ${EMBEDDED_DATABASE}`);
  await admin.end();
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(script);
    await client.query('commit');
  } finally {
    await client.end();
  }
} finally {
  await server.stop();
}
await rename(oldDir, path.join(config.dataDir, 'db.carried-over'));
await rm(tools, { recursive: true, force: true });
process.stdout.write(
  `Carried over into ${embeddedDatabaseDir(config)}; the earlier folder is kept as db.carried-over.\n` +
    'Start the app (npm start): it brings the database up to this version.\n',
);
