import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { embeddedDatabaseDir, prepareDatabase } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo.js';

async function main() {
  const config = loadConfig();
  const database = await prepareDatabase(config);
  // Until the app listens, a failure (a port in use) closes the database: the embedded server stops with it.
  const { app } = await buildApp({ config, database }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
    await app.close();
    await database.close();
    throw error;
  });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Kindred is running at ${url}  (API: ${url}/api, docs: ${url}/api/docs)`,
    `Database: ${database.kind === 'embedded' ? `embedded PostgreSQL, in ${embeddedDatabaseDir(config)}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (database.kind === 'embedded' && existsSync(path.join(config.dataDir, 'db', 'PG_VERSION')))
    lines.push(
      `An earlier version's embedded database is in ${path.join(config.dataDir, 'db')} and is not read:`,
      '  `npm run db:carry-over` (with the app stopped) moves its data into this one (README, "Upgrading").',
    );
  if (config.demoData) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(24)} ${account.role}`);
  }
  lines.push('Press Ctrl-C to stop.', '');
  process.stdout.write(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else
    process.stderr.write(
      `Kindred could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  process.exit(1);
});
