import path from 'node:path';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { systemClock } from './lib/clock.js';
import { localDiskStorage } from './lib/storage.js';
import { hasUsers, seedDemo } from './seed/demo.js';
import { seedPlaces } from './seed/places.js';

/** Where uploaded files live on local disk. */
export function uploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

/** Opens the configured database, migrates it and loads reference data (and demo data on first start). */
export async function prepareDatabase(config: Config, options: { demo?: boolean } = {}): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  // Places and demo data load under the migrations' start-up lock: API processes starting together
  // on an empty database take turns, and the later ones find the data there.
  await database.migrate(async (db) => {
    await seedPlaces(db);
    if ((options.demo ?? config.demoData) && !(await hasUsers(db)))
      await seedDemo(db, localDiskStorage(uploadsDir(config)), config.currency, systemClock());
  });
  return database;
}
