import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { webhookEndpoints } from '../apps/api/src/db/schema.js';
import { QUEUE_SCHEMA } from '../apps/api/src/events/queue-schema.js';
import { seal } from '../apps/api/src/modules/integrations/sealed.js';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.js';
import {
  ADMIN_URL,
  benchStart,
  freePort,
  insertApprovedCharity,
  insertFundedDonors,
  insertLiveProjects,
  intFromEnv,
  openSetupDatabase,
  percentile,
  printTable,
  reportFailures,
  runBench,
  sleep,
  startApi,
} from './support.js';

/*
 * Events after the commit, on PostgreSQL with two API processes (docs/performance.md, "Events"):
 * gifts are made through both processes; each records `donation.made`, whose listeners (matching,
 * the public cache, notifications, webhooks) run in the dispatcher of one of the two processes'
 * workers, and each charity's webhook endpoint (a server in this process) receives its deliveries in
 * order, as jobs of either worker. Measured: events handled per second (from the first gift until
 * every listener has run and every job is done) and the delay from an event's commit to its webhook
 * delivery (p50, p99).
 */

const GIFTS = intFromEnv('BENCH_GIFTS', 2000, 10, 100_000);
const CHARITIES = intFromEnv('BENCH_CHARITIES', 10, 1, 1000);
const CONCURRENCY = intFromEnv('BENCH_CONNECTIONS', 20, 1, 200);
const DONORS = 100;
/** Then a steady flow the workers keep up with, for the delay a giver's charity sees in normal times. */
const PACED_RATE = intFromEnv('BENCH_PACED_RATE', 10, 1, 1000);
const PACED_SECONDS = intFromEnv('BENCH_PACED_SECONDS', 20, 1, 600);
const HARD_LIMIT_MS = 15 * 60_000;

async function main() {
  const { databaseUrl, dataDir } = await benchStart(ADMIN_URL, HARD_LIMIT_MS);
  const secret = randomBytes(32).toString('hex');
  const key = new TextEncoder().encode(secret);
  const database = await openSetupDatabase(databaseUrl);
  const db = database.db;

  // Each delivery's arrival, by event id: the delay is measured from the event's own time.
  const arrivals = new Map<string, number>();
  const delays: number[] = [];
  let duplicates = 0;
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const at = Date.now();
      const event = JSON.parse(body) as { id: string; created_at: string };
      if (arrivals.has(event.id)) duplicates++;
      arrivals.set(event.id, at);
      delays.push(at - Date.parse(event.created_at));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  // CHARITIES approved charities, each with one Live project and a webhook for donation.made.
  const now = new Date();
  const projectIds: number[] = [];
  for (let i = 0; i < CHARITIES; i++) {
    const charityId = await insertApprovedCharity(db, `Event Trust ${i + 1}`, now);
    projectIds.push(...(await insertLiveProjects(db, charityId, [`Event project ${i + 1}`], now)));
    await db.insert(webhookEndpoints).values({
      accountType: 'charity',
      accountId: charityId,
      url: hookUrl,
      events: ['donation.made'],
      secret: seal(key, 'whsec_bench'),
      createdAt: now,
    });
  }
  const donors = await insertFundedDonors(db, {
    count: DONORS,
    emailPrefix: 'events',
    firstName: 'Event',
    currency: 'INR',
    funds: 100_000_000,
    secret,
    now,
  });
  const tokens = donors.map((donor) => donor.token);

  const ports = [await freePort(), await freePort()];
  const env = { WEBHOOK_ALLOW_PRIVATE: 'true', MAIL_DELIVERY: 'false', PUBLIC_CACHE_MB: '0' };
  for (const [i, port] of ports.entries())
    await startApi(databaseUrl, `${dataDir}/api-${i}`, port, secret, env);

  const jobsCreated = async () => {
    const rows = (await db.execute(
      sql.raw(
        `select pg_sequence_last_value(pg_get_serial_sequence('${QUEUE_SCHEMA}._private_jobs', 'id')::regclass) as last_value`,
      ),
    )) as {
      rows: Array<{ last_value: string }>;
    };
    return Number(rows.rows[0]?.last_value ?? 0);
  };
  // Mail is another process's to deliver (MAIL_DELIVERY=false here): its deferred job is left waiting.
  // Left: events whose listeners have not run (the outbox) and jobs (webhook deliveries, retries).
  const jobsLeft = async () => {
    const rows = (await db.execute(
      sql`select (select count(*) from event_outbox where task is null)::int + (
            select count(*) from ${sql.raw(QUEUE_SCHEMA)}._private_jobs j
            join ${sql.raw(QUEUE_SCHEMA)}._private_tasks t on t.id = j.task_id
            where t.identifier <> 'notices.deliver')::int as n`,
    )) as { rows: Array<{ n: number }> };
    return Number(rows.rows[0]?.n ?? 0);
  };
  const jobsBefore = await jobsCreated();

  console.log(
    `Events: ${GIFTS} gifts through 2 API processes (${CONCURRENCY} at a time) to ${CHARITIES} charities with a webhook each`,
  );
  const failures: string[] = [];
  const give = async (i: number, worker: number) => {
    const res = await fetch(
      `http://127.0.0.1:${ports[i % 2]}/api/user/donate/project/${projectIds[i % CHARITIES]}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens[(i + worker) % DONORS]}`,
        },
        body: JSON.stringify({ type: 2, amount: 1_000 + (i % 97) }),
      },
    );
    if (res.status !== 201) failures.push(`gift ${i}: ${res.status} ${await res.text()}`);
  };
  /** Waits until every listener's job is done and every gift's delivery arrived. */
  const drained = async (expected: number) => {
    for (
      let waited = 0;
      (await jobsLeft()) > 0 || arrivals.size < expected - failures.length;
      waited += 100
    ) {
      if (waited > 300_000) {
        failures.push(
          `after 5 minutes ${await jobsLeft()} jobs were left and ${arrivals.size} deliveries arrived`,
        );
        return;
      }
      await sleep(100);
    }
  };

  // 1. As fast as the API takes gifts: how many events the workers handle per second.
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = next++; i < GIFTS; i = next++) await give(i, worker);
    }),
  );
  const gifted = Date.now();
  await drained(GIFTS);
  const done = Date.now();
  const jobs = (await jobsCreated()) - jobsBefore;
  const seconds = (done - started) / 1000;
  const burst = [...delays].sort((a, b) => a - b);

  // 2. A steady flow the workers keep up with: the delay from commit to delivery in normal times.
  delays.length = 0;
  const paced = PACED_RATE * PACED_SECONDS;
  const flowing: Promise<void>[] = [];
  for (let i = 0; i < paced; i++) {
    flowing.push(give(GIFTS + i, i));
    await sleep(1000 / PACED_RATE);
  }
  await Promise.all(flowing);
  await drained(GIFTS + paced);
  const steady = [...delays].sort((a, b) => a - b);
  const given = GIFTS - failures.length;
  printTable([
    ['measure', 'value'],
    [
      'gifts made (API answers)',
      `${given} in ${((gifted - started) / 1000).toFixed(1)} s, ${(given / ((gifted - started) / 1000)).toFixed(0)}/s`,
    ],
    ['events handled', `${given} in ${seconds.toFixed(1)} s, ${(given / seconds).toFixed(0)}/s`],
    [
      'jobs run (webhook deliveries, retries, mail)',
      `${jobs} in ${seconds.toFixed(1)} s, ${(jobs / seconds).toFixed(0)}/s`,
    ],
    [
      'commit to delivery under that load, p50 / p99',
      `${percentile(burst, 50)} / ${percentile(burst, 99)} ms`,
    ],
    [
      `commit to delivery at ${PACED_RATE} gifts/s, p50 / p99`,
      `${percentile(steady, 50)} / ${percentile(steady, 99)} ms (max ${steady.at(-1)})`,
    ],
    ['webhook deliveries', `${arrivals.size} (${duplicates} twice)`],
  ]);
  if (duplicates > 0) failures.push(`${duplicates} deliveries arrived twice`);
  const problems = await checkLedger(db);
  if (problems.length > 0) failures.push(`ledger check: ${JSON.stringify(problems)}`);
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  reportFailures(failures, 'Every event was handled, each delivered once; the ledger check passed.');
}

runBench(main);
