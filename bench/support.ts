/** Helpers the benchmarks share: settings from the environment, ports, databases, percentiles, processes. */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../apps/api/src/db/client.js';
import { charities, projects, users } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
import { issueToken } from '../apps/api/src/lib/tokens.js';
import { account, ledgerService, PLATFORM } from '../apps/api/src/modules/ledger/ledger.service.js';

/** The PostgreSQL server each bench makes its throwaway database on (DATABASE_ADMIN_URL). */
export const ADMIN_URL = process.env.DATABASE_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A whole-number setting from the environment, within bounds. */
export function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function countError(errors: Map<string, number>, what: string, n = 1) {
  errors.set(what, (errors.get(what) ?? 0) + n);
}

/** Adds an autocannon run's connection errors and timeouts to `errors`. */
export function countTransportErrors(errors: Map<string, number>, result: autocannon.Result) {
  const transport = result.errors - result.timeouts;
  if (transport > 0) countError(errors, 'connection errors', transport);
  if (result.timeouts > 0) countError(errors, 'timeouts', result.timeouts);
}

/** The same server, another database. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs one statement (create or drop a database) as the admin connection. */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}

/** Stops a child process: SIGTERM, then SIGKILL after 5 s. */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** CPU ticks (user + system) a process has used, from /proc. */
export function processTicks(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}

/** A process and every process below it (Linux /proc): an embedded server's postmaster and its backends. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // gone meanwhile
    }
  }
  const tree: number[] = [];
  for (let next = [root]; next.length > 0; next = next.flatMap((pid) => children.get(pid) ?? []))
    tree.push(...next);
  return tree;
}

/**
 * The proportional set size of processes together, in MB (/proc/PID/smaps_rollup): each page
 * they share counted once, split between those that share it, so that a server's shared buffers
 * are counted once for all its backends.
 */
export function pssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

// ---------------------------------------------------------------------------------------------
// Cleanup: everything made is undone in reverse order, on success, failure, signal or time-out.

export const cleanups: Array<{ what: string; run: () => Promise<unknown> }> = [];
let cleaning: Promise<void> | undefined;

export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (let step = cleanups.pop(); step; step = cleanups.pop()) {
      try {
        await step.run();
      } catch (error) {
        console.error(`bench: could not ${step.what}: ${error instanceof Error ? error.message : error}`);
      }
    }
  })();
  return cleaning;
}

export function abort(reason: string, code: number) {
  console.error(`bench: ${reason}, stopping`);
  void cleanup().finally(() => process.exit(code));
}

/**
 * The start every benchmark shares: a watchdog that stops it after `hardLimitMs`, clean stops on
 * SIGINT and SIGTERM, a throwaway database on the server at `adminUrl` and a data folder, both
 * removed by the clean-up steps whatever happens.
 */
export async function benchStart(adminUrl: string, hardLimitMs: number) {
  const watchdog = setTimeout(() => abort(`no result after ${hardLimitMs / 1000} s`, 1), hardLimitMs);
  watchdog.unref();
  process.once('SIGINT', () => abort('interrupted', 130));
  process.once('SIGTERM', () => abort('terminated', 143));

  const name = `kindred_bench_${randomBytes(6).toString('hex')}`;
  const databaseUrl = withDatabase(adminUrl, name);
  await adminQuery(adminUrl, `create database ${name}`);
  cleanups.push({
    what: `drop database ${name}`,
    run: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-bench-'));
  cleanups.push({
    what: 'remove the data directory',
    run: () => rm(dataDir, { recursive: true, force: true }),
  });
  return { databaseUrl, dataDir };
}

/** The bench's own connections for loading data, migrated, closed by the clean-up steps. */
export async function openSetupDatabase(databaseUrl: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  cleanups.push({ what: 'close the setup connection', run: () => database.close() });
  await database.migrate();
  return database;
}

/** Inserts an approved charity of type 3; its id. */
export async function insertApprovedCharity(db: Db, name: string, now: Date): Promise<number> {
  const [charity] = await db
    .insert(charities)
    .values({ name, approvalStatus: 'approved', charityTypes: [3], createdAt: now, updatedAt: now })
    .returning({ id: charities.id });
  if (!charity) throw new Error(`could not create the charity ${name}`);
  return charity.id;
}

/** Inserts Live projects of a charity (one a title) that take funds gifts and need far more than they get; their ids. */
export async function insertLiveProjects(
  db: Db,
  charityId: number,
  titles: string[],
  now: Date,
): Promise<number[]> {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .insert(projects)
    .values(
      titles.map((title) => ({
        charityId,
        ownerType: 3,
        ownerId: charityId,
        title,
        status: 2,
        associationStatus: 5,
        charityTypes: [3],
        startDate: day(-10),
        endDate: day(300),
        fundsTarget: 1_000_000_000,
        givingKinds: [2],
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
      })),
    )
    .returning({ id: projects.id });
  return rows.map((row) => row.id);
}

/**
 * Inserts `count` active people (`<emailPrefix><n>@bench.test`, named `<firstName> Donor <n>`), each
 * with `funds` minor units deposited in their wallet and a sign-in token made with `secret`.
 */
export async function insertFundedDonors(
  db: Db,
  options: {
    count: number;
    emailPrefix: string;
    firstName: string;
    currency: string;
    funds: number;
    secret: string;
    now: Date;
  },
): Promise<Array<{ id: number; token: string }>> {
  const { now } = options;
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: options.count }, (_, i) => ({
        email: `${options.emailPrefix}${i + 1}@bench.test`,
        passwordHash,
        firstName: options.firstName,
        lastName: `Donor ${i + 1}`,
        isActive: true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: users.id });
  const ledger = ledgerService(options.currency, () => new Date());
  const key = new TextEncoder().encode(options.secret);
  const donors: Array<{ id: number; token: string }> = [];
  for (const row of rows) {
    await db.transaction((tx) =>
      ledger.transfer(
        tx,
        PLATFORM.manual,
        account({ ownerType: 'user', ownerId: row.id }, 'wallet'),
        options.funds,
        { kind: 'admin_deposit', description: 'bench funds' },
      ),
    );
    const { token } = await issueToken(key, { userId: row.id, version: 0 }, now);
    donors.push({ id: row.id, token });
  }
  return donors;
}

const apiDir = fileURLToPath(new URL('../apps/api/', import.meta.url));

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unused, ...rest } = env;
  return rest;
}

/**
 * Starts one API process from source on a database, registers its stop as a clean-up step, and
 * waits until /api/health answers.
 */
export async function startApi(
  /** Without one, the embedded database in DATA_DIR. */
  databaseUrl: string | undefined,
  dataDir: string,
  port: number,
  secret: string,
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
  /** Run the built server (`dist/server.js`, as `npm start` does) instead of the source under tsx. */
  built = false,
) {
  const stderr: string[] = [];
  const server = spawn(
    process.execPath,
    built
      ? [...nodeArgs, 'dist/server.js']
      : [...nodeArgs, '--conditions=source', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: apiDir,
      env: {
        ...withoutDatabaseUrl(process.env),
        PORT: String(port),
        HOST: '127.0.0.1',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        DATA_DIR: dataDir,
        JWT_SECRET: secret,
        ...extraEnv,
        DEMO_DATA: 'false',
        RATE_LIMITS: 'false',
        LOG_LEVEL: 'error',
        SCHEDULED_JOBS: 'false',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  server.stderr?.setEncoding('utf8');
  server.stderr?.on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 50) stderr.shift();
  });
  cleanups.push({ what: 'stop the API', run: () => stopProcess(server) });

  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the API exited (${server.exitCode ?? server.signalCode}):\n${stderr.join('')}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return { server, stderr };
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`the API did not answer /api/health within 60 s:\n${stderr.join('')}`);
}

// ---------------------------------------------------------------------------------------------
// Where the CPU went during a run (Linux /proc): the load generator (this process), the API,
// PostgreSQL's backends of the bench database, and anything else on the machine.

export interface CpuSnapshot {
  at: number;
  bench: NodeJS.CpuUsage;
  api: number;
  backends: Map<number, number>;
  busy: number;
  irq: number;
}

const CLOCK_TICKS = 100;

/** Busy ticks of the whole machine, and those of them spent in interrupts (loopback networking). */
export function machineTicks(): { busy: number; irq: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = values.reduce((sum, n) => sum + n, 0);
    return { busy: total - (values[3] ?? 0) - (values[4] ?? 0), irq: (values[5] ?? 0) + (values[6] ?? 0) };
  } catch {
    return { busy: Number.NaN, irq: Number.NaN };
  }
}

/** The CPU ticks of the measured API processes, summed. */
const apiTicks = (apiPid: number | number[] | undefined) =>
  Array.isArray(apiPid) ? apiPid.reduce((sum, pid) => sum + processTicks(pid), 0) : processTicks(apiPid);

export async function cpuSnapshot(
  pool: pg.Pool,
  apiPid: number | number[] | undefined,
): Promise<CpuSnapshot> {
  const result = await pool.query<{ pid: number }>(
    // the backends of the bench database and PostgreSQL's own background processes
    'select pid from pg_stat_activity where datname = current_database() or datname is null',
  );
  const backends = new Map(result.rows.map((r) => [r.pid, processTicks(r.pid)]));
  return {
    at: performance.now(),
    bench: process.cpuUsage(),
    api: apiTicks(apiPid),
    backends,
    ...machineTicks(),
  };
}

export interface CpuUse {
  load: number;
  api: number;
  postgres: number;
  irq: number;
  other: number;
  idle: number;
}

/** Cores used since the snapshot (backends that come or go during the run count as "other"). */
export function cpuSince(before: CpuSnapshot, apiPid: number | number[] | undefined): CpuUse | undefined {
  const seconds = (performance.now() - before.at) / 1000;
  const bench = process.cpuUsage(before.bench);
  const load = (bench.user + bench.system) / 1e6 / seconds;
  const api = apiPid ? (apiTicks(apiPid) - before.api) / CLOCK_TICKS / seconds : 0;
  let postgresTicks = 0;
  for (const [pid, ticks] of before.backends) {
    const now = processTicks(pid);
    if (Number.isFinite(now) && Number.isFinite(ticks)) postgresTicks += now - ticks;
  }
  const postgres = postgresTicks / CLOCK_TICKS / seconds;
  const machine = machineTicks();
  const busy = (machine.busy - before.busy) / CLOCK_TICKS / seconds;
  const irq = (machine.irq - before.irq) / CLOCK_TICKS / seconds;
  if (![load, api, postgres, busy, irq].every(Number.isFinite)) return undefined;
  const other = Math.max(0, busy - load - api - postgres - irq);
  return { load, api, postgres, irq, other, idle: Math.max(0, os.cpus().length - busy) };
}

/**
 * `cpuSince`, counting also the backends of the bench database that started during the run (all
 * their CPU is the run's): a pool that closed its idle connections before the run (pg.Pool does
 * after 10 s) opens new ones during it, which `cpuSince` alone would count as other processes.
 */
export async function cpuSinceWithNewBackends(
  pool: pg.Pool,
  before: CpuSnapshot,
  apiPid: number | number[] | undefined,
): Promise<CpuUse | undefined> {
  const result = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() or datname is null',
  );
  const backends = new Map(before.backends);
  for (const { pid } of result.rows) if (!backends.has(pid)) backends.set(pid, 0);
  return cpuSince({ ...before, backends }, apiPid);
}

export const formatCpu = (c: CpuUse) =>
  `load generator ${c.load.toFixed(2)}, API ${c.api.toFixed(2)}, PostgreSQL ${c.postgres.toFixed(2)}, ` +
  `interrupts ${c.irq.toFixed(2)}, other processes ${c.other.toFixed(2)}, idle ${c.idle.toFixed(2)}`;

export function formatErrors(errors: Map<string, number>): string {
  if (errors.size === 0) return '0';
  const total = [...errors.values()].reduce((sum, n) => sum + n, 0);
  return `${total} (${[...errors].map(([what, n]) => `${what}: ${n}`).join(', ')})`;
}

export function printTable(rows: string[][]) {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const r of rows) {
    console.log(
      r
        .map((cell, i) =>
          i === 0 || i === r.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
        )
        .join('  '),
    );
  }
}

/**
 * Runs a bench's `main`: a failure is printed (with its cause) and sets exit code 1; the cleanups
 * always run, and the process ends even if a handle lingers.
 */
export function runBench(main: () => Promise<void>): void {
  main()
    .catch((error: unknown) => {
      const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
      console.error(
        `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : error}${cause}`,
      );
      process.exitCode = 1;
    })
    .finally(async () => {
      await cleanup();
      setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref();
    });
}

/**
 * A pool of raw connections to the bench database (closed by the clean-up steps), with the
 * server's PostgreSQL version for the report.
 */
export async function openPool(
  databaseUrl: string,
  max: number,
  what: string,
): Promise<{ pool: pg.Pool; version: string }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it
  });
  cleanups.push({ what, run: () => pool.end() });
  const version =
    (await pool.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v.split(
      ' ',
    )[0] ?? '?';
  return { pool, version };
}

/**
 * Runs `work` on one connection of the pool, rolled back when it throws (a connection whose
 * rollback failed is dropped from the pool rather than handed out again).
 */
export async function onOneConnection(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>) {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await work(client);
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

// ---------------------------------------------------------------------------------------------
// The API against the same SQL sent raw: one side of the comparison, run for some seconds on
// `connections` connections, then the table, the ratio and where the CPU went.

/**
 * The settings both API-against-raw benches share: seconds per side (BENCH_SECONDS), concurrent
 * connections (BENCH_CONNECTIONS), the warm-up, the API's pool size (openDatabase's default, which
 * the server uses) and the currency. Read when called: other benches bound BENCH_SECONDS otherwise.
 */
export function comparisonSettings() {
  return {
    SECONDS: intFromEnv('BENCH_SECONDS', 10, 1, 120),
    CONNECTIONS: intFromEnv('BENCH_CONNECTIONS', 20, 1, 200),
    WARMUP_SECONDS: 2,
    POOL_SIZE: 10,
    CURRENCY: 'INR',
  } as const;
}

export interface PhaseResult {
  seconds: number;
  /** Operations the API answered with the expected status, or the raw side committed. */
  ok: number;
  latenciesMs: number[];
  errors: Map<string, number>;
}

/**
 * The API side: one autocannon instance per connection (so that each keeps its own data), counting
 * answers with `okStatus` as done and any other status as an error.
 */
export async function apiPhase(options: {
  /** Connection k goes to port k modulo their number (several API processes, as behind a balancer). */
  port: number | number[];
  connections: number;
  seconds: number;
  okStatus: number;
  /** The rest of connection k's autocannon options (requests, headers, timeout). */
  connection: (k: number) => Omit<autocannon.Options, 'url' | 'connections' | 'pipelining' | 'duration'>;
}): Promise<PhaseResult> {
  const latenciesMs: number[] = [];
  const errors = new Map<string, number>();
  let ok = 0;
  const started = performance.now();
  const runs = Array.from({ length: options.connections }, (_, k) => {
    const rest = options.connection(k);
    return new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `http://127.0.0.1:${Array.isArray(options.port) ? options.port[k % options.port.length] : options.port}`,
          connections: 1,
          pipelining: 1,
          duration: options.seconds,
          // autocannon checks for the end of the run once per sample interval (1 s by default)
          sampleInt: 100,
          ...rest,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode === options.okStatus) {
          ok++;
          latenciesMs.push(responseTime);
        } else countError(errors, `HTTP ${statusCode}`);
      });
    });
  });
  const results = await Promise.all(runs);
  const elapsed = (performance.now() - started) / 1000;
  for (const result of results) countTransportErrors(errors, result);
  return { seconds: elapsed, ok, latenciesMs, errors };
}

/**
 * The raw side: `connections` workers each repeat their step until the seconds are up; a step that
 * throws counts as an error, named by `describe`.
 */
export async function rawPhase(options: {
  connections: number;
  seconds: number;
  /** Connection k's step (it may keep its own state between calls). */
  step: (k: number) => () => Promise<void>;
  describe?: (error: unknown) => string;
}): Promise<PhaseResult> {
  const describe =
    options.describe ??
    ((error: unknown) => `${error instanceof Error ? error.message : error}`.slice(0, 80));
  const latenciesMs: number[] = [];
  const errors = new Map<string, number>();
  let ok = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const workers = Array.from({ length: options.connections }, async (_, k) => {
    const step = options.step(k);
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        await step();
        ok++;
        latenciesMs.push(performance.now() - t0);
      } catch (error) {
        countError(errors, describe(error));
      }
    }
  });
  await Promise.all(workers);
  return { seconds: (performance.now() - started) / 1000, ok, latenciesMs, errors };
}

/** Prints the two sides as a table (rate, p50, the `tail` percentile), their ratio and their CPU use. */
export function printComparison(
  unit: string,
  tail: number,
  api: PhaseResult,
  raw: PhaseResult,
  apiCpu: CpuUse | undefined,
  rawCpu: CpuUse | undefined,
) {
  const row = (name: string, r: PhaseResult): string[] => {
    const sorted = [...r.latenciesMs].sort((a, b) => a - b);
    return [
      name,
      (r.ok / r.seconds).toFixed(0),
      percentile(sorted, 50).toFixed(1),
      percentile(sorted, tail).toFixed(1),
      String(r.ok),
      r.seconds.toFixed(1),
      formatErrors(r.errors),
    ];
  };
  console.log('');
  printTable([
    ['', `${unit}/s`, 'p50 ms', `p${tail} ms`, 'ok', 'seconds', 'errors'],
    row('API (HTTP)', api),
    row('raw SQL (pg)', raw),
  ]);
  const ratio = api.ok / api.seconds / (raw.ok / raw.seconds);
  console.log(
    `\nAPI/raw: ${ratio.toFixed(2)}  (the API reaches ${(ratio * 100).toFixed(0)}% of the raw rate)`,
  );
  if (apiCpu && rawCpu) {
    console.log(`CPU, in cores of ${os.cpus().length}:`);
    console.log(`  API run: ${formatCpu(apiCpu)}`);
    console.log(`  raw run: ${formatCpu(rawCpu)}`);
    const outside = Math.max(apiCpu.other, rawCpu.other);
    if (outside > 0.2) {
      console.log(
        `  warning: other work used up to ${outside.toFixed(2)} cores during the runs; the figures are low and the ratio is unreliable`,
      );
    }
  }
}

/** Ends a bench: the failures found (exit code 1), or the line that says all was well. */
export function reportFailures(failures: string[], success: string) {
  if (failures.length > 0) {
    console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(success);
  }
}

// ---------------------------------------------------------------------------------------------
// pgbench's TPC-B on the same PostgreSQL server: what the database itself does with transactions
// of the same kind as a gift (debit one account, credit another, write a history row), run by
// PostgreSQL's own client with prepared statements. Needs `pgbench` on the PATH (Debian:
// postgresql-client).

/** One pgbench run: its rate, its transactions' latencies and where the CPU went. */
export interface PgbenchRun {
  /** Transactions per second without the initial connection time (pgbench's own figure). */
  tps: number;
  transactions: number;
  failed: number;
  /** pgbench's own mean latency, ms. */
  latencyAverageMs: number;
  /** Every transaction's latency, ms, from pgbench's per-transaction log. */
  latenciesMs: number[];
  /** Cores used while it ran: `api` is pgbench itself (the client). */
  cpu: CpuUse | undefined;
}

/** Runs a command to its end; its output, or an error with its last lines when it fails. */
function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; onStart?: (child: ChildProcess) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const step = { what: `stop ${command}`, run: () => stopProcess(child) };
    cleanups.push(step);
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.once('error', (error) => {
      cleanups.splice(cleanups.indexOf(step), 1);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      cleanups.splice(cleanups.indexOf(step), 1);
      if (code === 0) resolve(out);
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} ended with ${code ?? signal}:\n${out.split('\n').slice(-15).join('\n')}`,
          ),
        );
    });
    options.onStart?.(child);
  });
}

/** The version of the pgbench on the PATH ("15.20"), or undefined when there is none. */
export async function pgbenchVersion(): Promise<string | undefined> {
  try {
    const out = await runCommand('pgbench', ['--version']);
    return /(\d+(?:\.\d+)+)/.exec(out)?.[1] ?? out.trim();
  } catch {
    return undefined;
  }
}

/**
 * A database of its own for pgbench on the server at `adminUrl` (`kindred_bench_tpcb_...`),
 * initialised at `scale` (`pgbench -i`: `scale` branches, 10 tellers and 100,000 accounts each,
 * generated on the server). Dropped by `drop`, or by the clean-up steps whatever happens.
 */
export async function tpcbDatabase(adminUrl: string, scale: number) {
  const name = `kindred_bench_tpcb_${randomBytes(6).toString('hex')}`;
  const url = withDatabase(adminUrl, name);
  await adminQuery(adminUrl, `create database ${name}`);
  const step = {
    what: `drop database ${name}`,
    run: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
  cleanups.push(step);
  const started = performance.now();
  await runCommand('pgbench', ['-i', '-q', '-I', 'dtGvp', '-s', String(scale), url]);
  const initSeconds = (performance.now() - started) / 1000;
  const sizer = new pg.Client({ connectionString: url });
  await sizer.connect();
  let sizeMb = Number.NaN;
  try {
    const result = await sizer.query<{ bytes: string }>(
      'select pg_database_size(current_database()) as bytes',
    );
    sizeMb = Number(result.rows[0]?.bytes) / 1024 / 1024;
  } finally {
    await sizer.end();
  }
  return {
    url,
    name,
    initSeconds,
    sizeMb,
    async drop() {
      const i = cleanups.indexOf(step);
      if (i >= 0) cleanups.splice(i, 1);
      await step.run();
    },
  };
}

/**
 * `pgbench -M prepared -c clients -j threads -T seconds` (the built-in TPC-B-like script) on a
 * database from `tpcbDatabase`; with `oneBranch`, every transaction on branch 1 (`-D scale=1`: its
 * 10 tellers and 100,000 accounts), as when every gift goes to one project. Each transaction's
 * latency comes from pgbench's log (`-l`) written under `logDir`; the CPU is measured from the
 * moment every client is connected to half a second before the end.
 */
export async function tpcbRun(
  url: string,
  options: {
    clients: number;
    threads: number;
    seconds: number;
    oneBranch: boolean;
    logDir: string;
    label: string;
  },
): Promise<PgbenchRun> {
  const prefix = `pgbench-${options.label}`;
  const args = [
    '-M',
    'prepared',
    '-c',
    String(options.clients),
    '-j',
    String(options.threads),
    '-T',
    String(options.seconds),
    '-l',
    `--log-prefix=${prefix}`,
    ...(options.oneBranch ? ['-D', 'scale=1'] : []),
    url,
  ];
  const watcher = new pg.Pool({ connectionString: url, max: 1 });
  watcher.on('error', () => undefined);
  let measured: Promise<CpuUse | undefined> = Promise.resolve(undefined);
  try {
    const out = await runCommand('pgbench', args, {
      cwd: options.logDir,
      onStart: (child) => {
        measured = (async () => {
          // every client connected (pgbench's own count starts then), at most 10 s
          for (let i = 0; i < 200; i++) {
            const result = await watcher.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'pgbench'`,
            );
            if ((result.rows[0]?.n ?? 0) >= options.clients) break;
            await sleep(50);
          }
          const before = await cpuSnapshot(watcher, child.pid);
          await sleep(Math.max(200, options.seconds * 1000 - 500));
          return cpuSince(before, child.pid);
        })().catch(() => undefined);
      },
    });
    const number = (pattern: RegExp) => {
      const match = pattern.exec(out);
      if (!match?.[1]) throw new Error(`pgbench's output has no ${pattern}:\n${out}`);
      return Number(match[1]);
    };
    const latenciesMs: number[] = [];
    for (const file of readdirSync(options.logDir).filter((f) => f.startsWith(`${prefix}.`))) {
      for (const line of readFileSync(path.join(options.logDir, file), 'utf8').split('\n')) {
        // client transaction_no time(us) script_no epoch us; time is "failed" or "skipped" when so
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) latenciesMs.push(micros / 1000);
      }
    }
    return {
      tps: number(/tps = ([\d.]+) \(without initial connection time\)/),
      transactions: number(/number of transactions actually processed: (\d+)/),
      failed: /number of failed transactions: (\d+)/.exec(out)?.[1]
        ? number(/number of failed transactions: (\d+)/)
        : 0,
      latencyAverageMs: number(/latency average = ([\d.]+) ms/),
      latenciesMs,
      cpu: await measured,
    };
  } finally {
    await watcher.end();
  }
}
