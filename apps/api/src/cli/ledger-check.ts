import { openConfiguredDatabase } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { checkLedger } from '../modules/ledger/ledger.check.js';

/**
 * `npm run ledger:check`: checks the ledger's invariants on the configured database (DATABASE_URL,
 * or the embedded database in DATA_DIR, the running app's when it runs). Exits 1 and lists every
 * problem when the books do not balance.
 */
const config = loadConfig();
const database = await openConfiguredDatabase(config, { besideApp: true });
try {
  // The app applies migrations on every start; so does the check, so an older database has the ledger tables.
  await database.migrate();
  const problems = await checkLedger(database.db);
  if (problems.length === 0) {
    process.stdout.write('Ledger check: every invariant holds.\n');
  } else {
    process.stdout.write(`Ledger check: ${problems.length} problem(s)\n`);
    for (const problem of problems)
      process.stdout.write(`  ${problem.rule}: ${JSON.stringify(problem.detail)}\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
