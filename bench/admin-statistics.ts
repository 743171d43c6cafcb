import { randomBytes } from 'node:crypto';
import { STATISTIC_NAMES } from '@kindred/shared';
import { sql } from 'drizzle-orm';
import { users } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
import { issueToken } from '../apps/api/src/lib/tokens.js';
import {
  ADMIN_URL,
  benchStart,
  freePort,
  intFromEnv,
  openSetupDatabase,
  percentile,
  printTable,
  runBench,
  startApi,
} from './support.js';

/*
 * The platform statistics (docs/performance.md, "Admin statistics"): a catalogue of projects and a
 * history of funds donations with their ledger movements spread over two years, bulk-loaded with
 * SQL; then every GET /api/admin/statistics/{name} is asked for random date ranges by a platform
 * admin. The first call computes the daily figures (the scheduler's job, timed on its own); the
 * rest read them. Target: p95 under 200 ms at 1M projects and 1M donations
 * (BENCH_PROJECTS=1000000 BENCH_DONATIONS=1000000).
 */

const PROJECTS = intFromEnv('BENCH_PROJECTS', 10_000, 1, 5_000_000);
const DONATIONS = intFromEnv('BENCH_DONATIONS', 10_000, 1, 5_000_000);
const REQUESTS = intFromEnv('BENCH_REQUESTS', 40, 1, 10_000);
const TARGET_P95_MS = 200;
const HARD_LIMIT_MS = 60 * 60 * 1000;

async function main() {
  const { databaseUrl, dataDir } = await benchStart(ADMIN_URL, HARD_LIMIT_MS);
  const secret = randomBytes(32).toString('hex');
  const database = await openSetupDatabase(databaseUrl);
  const db = database.db;
  const now = new Date();

  console.log(`Loading ${PROJECTS} projects and ${DONATIONS} funds donations with their ledger movements…`);
  const loadStart = performance.now();
  const [admin] = await db
    .insert(users)
    .values({
      email: 'admin@bench.test',
      passwordHash: await hashPassword(randomBytes(16).toString('hex')),
      firstName: 'Bench',
      lastName: 'Admin',
      isActive: true,
      isIicAdmin: true,
      adminType: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!admin) throw new Error('no admin');
  // Two years of history: row n is created n * (2 years / rows) ago.
  const span = 2 * 365 * 86_400;
  await db.execute(sql`
    insert into charities (name, charity_types, approval_status, created_at, updated_at)
    select 'Bench charity ' || n, '{1}', 'approved', now() - make_interval(secs => n::bigint * ${sql.raw(String(span))} / 1000), now()
    from generate_series(1, 1000) n`);
  await db.execute(sql`
    insert into projects (charity_id, owner_type, owner_id, title, status, association_status, end_date,
      created_at, updated_at, published_at)
    select 1 + n % 1000, 3, 1 + n % 1000, 'Bench project ' || n, case when n % 5 = 0 then 9 else 2 end, 5,
      (now() + make_interval(days => (n % 120) - 30))::date,
      now() - make_interval(secs => n::bigint * ${sql.raw(String(span))} / ${sql.raw(String(PROJECTS))}), now(),
      now() - make_interval(secs => n::bigint * ${sql.raw(String(span))} / ${sql.raw(String(PROJECTS))})
    from generate_series(1, ${sql.raw(String(PROJECTS))}) n`);
  await db.execute(sql`
    insert into ledger_accounts (owner_type, owner_id, kind, currency, balance, allow_negative, created_at)
    values ('user', ${sql.raw(String(admin.id))}, 'held', 'INR', 0, true, now()), ('project', 1, 'project_funds', 'INR', 0, true, now())`);
  await db.execute(sql`
    insert into donations (method, type, status, donor_type, donor_id, created_by, project_id, charity_id, amount,
      source, gift_aid, gift_aid_amount, created_at, updated_at)
    select 1, 2, case when n % 50 = 0 then 90 else 80 end, 'user', ${sql.raw(String(admin.id))}, ${sql.raw(String(admin.id))}, 1 + n % ${sql.raw(String(PROJECTS))},
      1 + n % 1000, 1000 + n % 5000, 'wallet', n % 4 = 0, case when n % 4 = 0 then (1000 + n % 5000) / 4 else 0 end,
      now() - make_interval(secs => n::bigint * ${sql.raw(String(span))} / ${sql.raw(String(DONATIONS))}), now()
    from generate_series(1, ${sql.raw(String(DONATIONS))}) n`);
  await db.execute(sql`
    insert into ledger_transactions (kind, description, currency, reference, donation_id, created_at)
    select 'capture', 'Bench gift', 'INR', '{}', d.id, d.created_at from donations d where d.status = 80`);
  await db.execute(sql`
    insert into ledger_entries (transaction_id, account_id, amount, created_at)
    select t.id, a.id, case when a.kind = 'held' then -d.amount else d.amount end, t.created_at
    from ledger_transactions t join donations d on d.id = t.donation_id
    cross join ledger_accounts a where a.kind in ('held', 'project_funds')`);
  await db.execute(sql`analyze`);
  const loadSeconds = (performance.now() - loadStart) / 1000;

  const port = await freePort();
  await startApi(databaseUrl, dataDir, port, secret, { CURRENCY: 'INR' });
  const { token } = await issueToken(
    new TextEncoder().encode(secret),
    { userId: admin.id, version: 0 },
    new Date(),
  );
  const ask = async (name: string, from: string, to: string) => {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/statistics/${name}?from=${from}&to=${to}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return ms;
  };
  const day = (offsetDays: number) =>
    new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);

  // The first call computes every figure by day (what the scheduler does every 10 minutes).
  const computeMs = await ask('total_statistics', day(365), day(0));

  const rows: string[][] = [['statistic', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms']];
  const all: number[] = [];
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (const name of STATISTIC_NAMES) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = Math.floor(random() * 700);
      const length = 1 + Math.floor(random() * 400);
      times.push(await ask(name, day(start), day(Math.max(0, start - length))));
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push([
      name,
      String(times.length),
      percentile(times, 50).toFixed(1),
      percentile(times, 95).toFixed(1),
      percentile(times, 99).toFixed(1),
      (times.at(-1) ?? 0).toFixed(1),
    ]);
  }
  all.sort((a, b) => a - b);
  rows.push([
    'all',
    String(all.length),
    percentile(all, 50).toFixed(1),
    percentile(all, 95).toFixed(1),
    percentile(all, 99).toFixed(1),
    (all.at(-1) ?? 0).toFixed(1),
  ]);
  console.log(
    `\nLoaded in ${loadSeconds.toFixed(1)} s. Computing every figure by day (first call): ${computeMs.toFixed(0)} ms.\n`,
  );
  printTable(rows);
  const p95 = percentile(all, 95);
  if (p95 > TARGET_P95_MS) {
    console.error(`\nFAILED: p95 ${p95.toFixed(1)} ms is above the target of ${TARGET_P95_MS} ms.`);
    process.exitCode = 1;
  } else {
    console.log(`\np95 ${p95.toFixed(1)} ms: within the target of ${TARGET_P95_MS} ms.`);
  }
}

runBench(main);
