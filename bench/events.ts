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
 * the public cache, notifications, webhooks) run in the two processes' workers, and each charity's
 * webhook endpoint (a server in this process) receives its deliveries in order. Measured: events
 * handled per second (from the first gift until every listener's job is done) and the delay from an
 * event's commit to its webhook delivery (p50, p99).
 */

const GIFTS = intFromEnv('BENCH_GIFTS', 2000, 10, 100_000);
const CHARITIES = intFromEnv('BENCH_CHARITIES', 10, 1, 1000);
const CONCURRENCY = intFromEnv('BENCH_CONNECTIONS', 20, 1, 200);
const DONORS = 100;
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
  const jobsLeft = async () => {
    const rows = (await db.execute(
      sql`select count(*)::int as n from ${sql.raw(QUEUE_SCHEMA)}._private_jobs j
          join ${sql.raw(QUEUE_SCHEMA)}._private_tasks t on t.id = j.task_id
          where t.identifier <> 'notices.deliver'`,
    )) as { rows: Array<{ n: number }> };
    return Number(rows.rows[0]?.n ?? 0);
  };
  const jobsBefore = await jobsCreated();

  console.log(
    `Events: ${GIFTS} gifts through 2 API processes (${CONCURRENCY} at a time) to ${CHARITIES} charities with a webhook each`,
  );
  const started = Date.now();
  let next = 0;
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (;;) {
        const i = next++;
        if (i >= GIFTS) return;
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
      }
    }),
  );
  const gifted = Date.now();
  for (let waited = 0; (await jobsLeft()) > 0 || arrivals.size < GIFTS - failures.length; waited += 100) {
    if (waited > 300_000) {
      failures.push(
        `after 5 minutes ${await jobsLeft()} jobs were left and ${arrivals.size} deliveries arrived`,
      );
      break;
    }
    await sleep(100);
  }
  const done = Date.now();
  const jobs = (await jobsCreated()) - jobsBefore;
  const seconds = (done - started) / 1000;
  delays.sort((a, b) => a - b);
  printTable([
    ['measure', 'value'],
    [
      'gifts made (API answers)',
      `${GIFTS - failures.length} in ${((gifted - started) / 1000).toFixed(1)} s, ${((GIFTS - failures.length) / ((gifted - started) / 1000)).toFixed(0)}/s`,
    ],
    [
      'events handled',
      `${GIFTS - failures.length} in ${seconds.toFixed(1)} s, ${((GIFTS - failures.length) / seconds).toFixed(0)}/s`,
    ],
    ['listener jobs run', `${jobs} in ${seconds.toFixed(1)} s, ${(jobs / seconds).toFixed(0)}/s`],
    ['webhook deliveries', `${arrivals.size} (${duplicates} twice)`],
    ['commit to delivery p50', `${percentile(delays, 50)} ms`],
    ['commit to delivery p99', `${percentile(delays, 99)} ms`],
    ['commit to delivery max', `${delays.at(-1)} ms`],
  ]);
  if (duplicates > 0) failures.push(`${duplicates} deliveries arrived twice`);
  const problems = await checkLedger(db);
  if (problems.length > 0) failures.push(`ledger check: ${JSON.stringify(problems)}`);
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  reportFailures(failures, 'Every event was handled, each delivered once; the ledger check passed.');
}

runBench(main);
