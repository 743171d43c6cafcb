import { prepareDatabase, uploadsDir } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { systemClock } from '../lib/clock.js';
import { localDiskStorage } from '../lib/storage.js';
import { clearDemo, seedDemo } from '../seed/demo.js';

/** `npm run demo:reset`: empties the database's product tables and loads the demo data again. */
const config = loadConfig();
const database = await prepareDatabase(config, { demo: false, besideApp: true });
await clearDemo(database.db);
await seedDemo(
  database.db,
  localDiskStorage(uploadsDir(config)),
  config.currency,
  systemClock(),
  config.jwtSecret,
);
await database.close();
process.stdout.write('Demo data reloaded.\n');
