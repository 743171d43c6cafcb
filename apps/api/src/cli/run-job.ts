import { buildApp } from '../app.js';
import { openConfiguredDatabase } from '../bootstrap.js';
import { loadConfig } from '../config.js';

/**
 * `npm run job -- "<name>" [--at <ISO time>]`: runs one scheduled job once, now, on the configured
 * database (DATABASE_URL, or the embedded database in DATA_DIR, the running app's when it runs),
 * and prints what it did. For an operator who cannot wait for the job's next slot (a recurring gift
 * round after an outage), and for the browser journeys, whose servers run no schedule. `--at` runs
 * it as at another time (the clock of its work: due periods, retries, mail dates), never more.
 * Mail it queues goes out from the running app.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--at');
const when = at >= 0 ? new Date(String(args[at + 1])) : null;
const name = args.filter((_, index) => index !== at && index !== at + 1).join(' ');
if (!name || (when && Number.isNaN(when.getTime()))) {
  process.stderr.write('Usage: npm run job -- "<job name>" [--at 2027-01-05T09:00:00Z]\n');
  process.exit(2);
}
const config = { ...loadConfig(), scheduledJobs: false };
const database = await openConfiguredDatabase(config, { besideApp: true });
try {
  await database.migrate();
  const { app, jobs } = await buildApp({
    config,
    database,
    logger: false,
    scheduler: false,
    ...(when ? { now: () => when } : {}),
  });
  const job = jobs.find((candidate) => candidate.name === name);
  if (!job) {
    process.stderr.write(`No scheduled job "${name}". The jobs: ${jobs.map((j) => j.name).join(', ')}.\n`);
    process.exitCode = 2;
  } else {
    const outcome = await job.run();
    process.stdout.write(`${name}: ${JSON.stringify(outcome ?? null)}\n`);
  }
  await app.close();
} finally {
  await database.close();
}
