import path from 'node:path';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded-postgres.js';
import { systemClock } from './lib/clock.js';
import { localDiskStorage } from './lib/storage.js';
import { hasUsers, seedDemo } from './seed/demo.js';
import { seedPlaces } from './seed/places.js';

/** Where uploaded files live on local disk. */
export function uploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

/** Where the embedded PostgreSQL server lives (decision 040). */
export function embeddedDatabaseDir(config: Config): string {
  return path.join(config.dataDir, 'postgres');
}

export interface OpenOptions {
  /**
   * A command beside the running app (ledger check, demo reset) uses the embedded server the app
   * runs; a second app on the same DATA_DIR is refused (it would lose its database when the first stops).
   */
  besideApp?: boolean;
}

/**
 * The configured database: `DATABASE_URL`, or the embedded PostgreSQL server in DATA_DIR, started
 * here and stopped when the database is closed.
 */
export async function openConfiguredDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl)
    return openDatabase({ databaseUrl: config.databaseUrl, readUrl: config.databaseReadUrl });
  const server = await startEmbeddedPostgres({
    dir: embeddedDatabaseDir(config),
    whenRunning: options.besideApp ? 'attach' : 'refuse',
  });
  const database = await openDatabase({ databaseUrl: server.url, kind: 'embedded' }).catch(async (error) => {
    await server.stop();
    throw error;
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await server.stop();
    },
  };
}

/** Opens the configured database, migrates it and loads reference data (and demo data on first start). */
export async function prepareDatabase(
  config: Config,
  options: { demo?: boolean } & OpenOptions = {},
): Promise<Database> {
  const database = await openConfiguredDatabase(config, options);
  // Places and demo data load under the migrations' start-up lock: API processes starting together
  // on an empty database take turns, and the later ones find the data there.
  try {
    await database.migrate(async (db) => {
      await seedPlaces(db);
      if ((options.demo ?? config.demoData) && !(await hasUsers(db)))
        await seedDemo(
          db,
          localDiskStorage(uploadsDir(config)),
          config.currency,
          systemClock(),
          config.jwtSecret,
        );
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
