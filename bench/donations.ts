import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../apps/api/src/db/client.js';
import { charities, giftAidDeclarations, projects, users } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
import { issueToken } from '../apps/api/src/lib/tokens.js';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.js';
import { account, ledgerService, PLATFORM } from '../apps/api/src/modules/ledger/ledger.service.js';
import {
  ADMIN_URL,
  apiPhase,
  benchStart,
  comparisonSettings,
  cpuSince,
  cpuSnapshot,
  freePort,
  intFromEnv,
  openPool,
  openSetupDatabase,
  type PhaseResult,
  printComparison,
  rawPhase,
  reportFailures,
  runBench,
  sleep,
  startApi,
  stopProcess,
} from './support.js';

/*
 * Funds donations through the API against the same SQL sent raw (docs/performance.md, "Donations").
 * Many donors give one-off gifts of funds from their wallets (every fourth with Gift Aid) to Live
 * projects through POST /api/user/donate/project/{id}, each with its own Idempotency-Key; then the
 * statements the API sends inside its transaction for one donation, captured from a short run of
 * the API with every statement logged, are replayed by hand for the same donors and projects.
 */

const { SECONDS, CONNECTIONS, WARMUP_SECONDS, POOL_SIZE, CURRENCY } = comparisonSettings();
const DONORS = intFromEnv('BENCH_DONORS', 200, CONNECTIONS, 10_000);
const PROJECTS = intFromEnv('BENCH_PROJECTS', 20, 1, 1000);
/** Each donor's starting wallet, in minor units; gifts are 10,000 to 13,493. */
const FUNDS = 100_000_000;
const HARD_LIMIT_MS = (2 * (SECONDS + WARMUP_SECONDS) + 240) * 1000;
/**
 * Whether the measured API process also mails the receipts it queues (BENCH_MAIL_DELIVERY=1). By
 * default it does not, as an API process behind a load balancer whose mail another process delivers
 * (MAIL_DELIVERY=false): the receipt is queued in the gift's transaction either way.
 */
const MAIL_IN_PROCESS = process.env.BENCH_MAIL_DELIVERY === '1';
/** Print the captured statements of both gifts (BENCH_VERBOSE=1), not only the plain one's. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CAPTURE_PRELOAD = fileURLToPath(new URL('./capture-sql.mjs', import.meta.url));

interface Donor {
  id: number;
  token: string;
  giftAid: boolean;
}

const amountOf = (donor: Donor) => 10_000 + (donor.id % 500) * 7;
const bodyOf = (donor: Donor) =>
  JSON.stringify({
    type: 2,
    amount: amountOf(donor),
    source: 'wallet',
    ...(donor.giftAid ? { gift_aid: true } : {}),
  });

// ---------------------------------------------------------------------------------------------
// Data: one approved charity with PROJECTS Live projects that need funds; DONORS people with
// funded wallets, every fourth with a Gift Aid declaration; a sign-in token for each.

async function setUp(database: Database, secret: string) {
  const db = database.db;
  const now = new Date();
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const [charity] = await db
    .insert(charities)
    .values({
      name: 'Bench Trust',
      approvalStatus: 'approved',
      charityTypes: [3],
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: charities.id });
  if (!charity) throw new Error('could not create the charity');
  const projectRows = await db
    .insert(projects)
    .values(
      Array.from({ length: PROJECTS }, (_, i) => ({
        charityId: charity.id,
        ownerType: 3,
        ownerId: charity.id,
        title: `Bench project ${i + 1}`,
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
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  const donorRows = await db
    .insert(users)
    .values(
      Array.from({ length: DONORS }, (_, i) => ({
        email: `donor${i + 1}@bench.test`,
        passwordHash,
        firstName: 'Bench',
        lastName: `Donor ${i + 1}`,
        isActive: true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: users.id });
  const ledger = ledgerService(CURRENCY, () => new Date());
  const key = new TextEncoder().encode(secret);
  const donors: Donor[] = [];
  const declarations = new Map<number, number>();
  for (const [i, row] of donorRows.entries()) {
    await db.transaction((tx) =>
      ledger.transfer(tx, PLATFORM.manual, account({ ownerType: 'user', ownerId: row.id }, 'wallet'), FUNDS, {
        kind: 'admin_deposit',
        description: 'bench funds',
      }),
    );
    const giftAid = i % 4 === 0;
    if (giftAid) {
      const [declaration] = await db
        .insert(giftAidDeclarations)
        .values({
          userId: row.id,
          // A declaration makes gifts eligible only for the charity it names (decision 037).
          charityId: charity.id,
          firstName: 'Bench',
          lastName: `Donor ${i + 1}`,
          house: '1',
          address: '1 Bench Street, Leeds',
          postCode: 'LS1 1AA',
          text: 'I am a UK taxpayer.',
          declaredAt: now,
        })
        .returning({ id: giftAidDeclarations.id });
      if (declaration) declarations.set(row.id, declaration.id);
    }
    const { token } = await issueToken(key, { userId: row.id, version: 0 }, now);
    donors.push({ id: row.id, token, giftAid });
  }
  return { donors, projectIds: projectRows.map((p) => p.id), declarations };
}

async function donate(port: number, donor: Donor, projectId: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/user/donate/project/${projectId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${donor.token}`,
      'idempotency-key': randomUUID(),
    },
    body: bodyOf(donor),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`a donation answered ${res.status}: ${text}`);
  return JSON.parse(text) as { donation: { id: number; receipt_number: string | null; status: number } };
}

// ---------------------------------------------------------------------------------------------
// What the API sends for one donation: a short run of the API with every statement logged.

interface Statement {
  client: number;
  /** The name of a named (prepared) statement, sent the same way by the replay. */
  name?: string;
  text: string;
  values: unknown[];
  /** What it answered (null when it failed). */
  rows: unknown[] | null;
}

async function capture(
  databaseUrl: string,
  dataDir: string,
  port: number,
  secret: string,
  gifts: Array<{ donor: Donor; projectId: number }>,
) {
  const log = path.join(dataDir, 'statements.jsonl');
  const { server } = await startApi(databaseUrl, dataDir, port, secret, {
    CURRENCY,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${CAPTURE_PRELOAD}`.trim(),
    BENCH_SQL_LOG: log,
  });
  try {
    const runs: Array<{ statements: Statement[] }> = [];
    for (const { donor, projectId } of gifts) {
      // The donor's first gift to the project (and the process's first request, which loads
      // things once) is not the one captured.
      await donate(port, donor, projectId);
      await sleep(200);
      writeFileSync(log, '');
      await donate(port, donor, projectId);
      await sleep(500); // work after the answer (the receipt mail) still belongs to the request
      const statements = readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Statement);
      runs.push({ statements });
    }
    return runs;
  } finally {
    await stopProcess(server);
  }
}

/** The statements of one request, split into those of its transaction and those outside it. */
function splitStatements(statements: Statement[]) {
  const begin = statements.findIndex((s) => /^begin\b/i.test(s.text.trim()));
  if (begin < 0) throw new Error('the captured donation ran no transaction');
  const client = statements[begin]?.client;
  const end = statements.findIndex(
    (s, i) => i > begin && s.client === client && /^commit\b/i.test(s.text.trim()),
  );
  if (end < 0) throw new Error('the captured transaction did not commit');
  const inside = statements.slice(begin, end + 1).filter((s) => s.client === client);
  const outside = statements.filter((s) => !inside.includes(s));
  return { inside, outside, before: statements.slice(0, begin).length };
}

function describeStatements(list: Statement[]): string[] {
  return list.map((s, i) => `${String(i + 1).padStart(3)}  ${s.text.replace(/\s+/g, ' ').slice(0, 150)}`);
}

// ---------------------------------------------------------------------------------------------
// Raw: the captured transaction replayed statement for statement on a pg.Pool, its values
// changed for another donor, project, amount and key. Inputs (donor, project, declaration,
// amount, Gift Aid, key) are replaced by value: every kind of id lives in its own range (see
// ID_RANGES), so a value says what it is. Values the database hands back (the donation's id, the
// ledger accounts, the receipt number...) are learnt as the replay goes: where the captured
// statement answered a value of an id range, the replayed one's answer in the same place replaces
// it in every later statement. Time stamps become the time of the replay.

/** Where each table's ids start, so that no two kinds of id share a value. */
const ID_RANGES: Array<[sequence: string, start: number]> = [
  ['users_id_seq', 1_000_000],
  ['projects_id_seq', 2_000_000],
  ['charities_id_seq', 3_000_000],
  ['gift_aid_declarations_id_seq', 4_000_000],
  ['donations_id_seq', 5_000_000],
  ['ledger_accounts_id_seq', 6_000_000],
  ['ledger_transactions_id_seq', 7_000_000],
  ['idempotency_keys_id_seq', 8_000_000],
  ['donation_receipt_seq', 9_000_000],
  ['ledger_entries_id_seq', 10_000_000],
  ['donation_history_id_seq', 11_000_000],
];
const isId = (value: unknown) => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1_000_000 && n < 12_000_000;
};
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

interface Template {
  statements: Statement[];
  donor: Donor;
  projectId: number;
  declarationId: number | null;
}

/** A gift's amount (minor units) and its Gift Aid, as the shared giftAidOf computes it. */
const giftAidOf = (amount: number) => Math.floor(amount / 4);

function cells(rows: unknown[] | null): unknown[] {
  if (!rows) return [];
  return rows.flatMap((row) => (Array.isArray(row) ? row : Object.values(row as Record<string, unknown>)));
}

function replace(value: unknown, map: Map<string, string>, now: string): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    const to = map.get(String(value));
    return to === undefined ? value : Number(to);
  }
  if (typeof value === 'string') {
    if (map.has(value)) return map.get(value);
    if (ISO_TIME.test(value)) return now;
    // numbers and keys inside longer strings ("Donation 5000002", JSON bodies, receipt numbers)
    let text = value.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, now);
    for (const [from, to] of map) {
      if (from.length < 4) continue;
      text = /^-?\d+$/.test(from)
        ? text.replace(new RegExp(`(?<![\\d.])${from.replace('-', '\\-')}(?![\\d])`, 'g'), to)
        : text.split(from).join(to);
    }
    return text;
  }
  if (Array.isArray(value)) return value.map((v) => replace(v, map, now));
  return value;
}

class Refused extends Error {}

async function rawDonation(
  pool: pg.Pool,
  template: Template,
  donor: Donor,
  projectId: number,
  declarationId: number | null,
) {
  const amount = amountOf(donor);
  const captured = amountOf(template.donor);
  const key = randomUUID();
  const map = new Map<string, string>([
    [String(template.donor.id), String(donor.id)],
    [String(template.projectId), String(projectId)],
    [String(captured), String(amount)],
    [String(-captured), String(-amount)],
    [String(giftAidOf(captured)), String(giftAidOf(amount))],
  ]);
  if (template.declarationId !== null && declarationId !== null)
    map.set(String(template.declarationId), String(declarationId));
  const first = template.statements.find((s) => /idempotency_keys/.test(s.text) && /^insert/i.test(s.text));
  const [, capturedKey, capturedHash] = (first?.values ?? []) as string[];
  if (capturedKey) map.set(capturedKey, key);
  if (capturedHash) map.set(capturedHash, randomBytes(32).toString('hex'));
  const now = new Date().toISOString();
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    try {
      for (const statement of template.statements) {
        const values = statement.values.map((v) => replace(v, map, now));
        const result = await client.query({
          ...(statement.name ? { name: statement.name } : {}),
          text: statement.text,
          values,
          rowMode: 'array',
        });
        const was = cells(statement.rows);
        const got = cells(result.rows);
        was.forEach((value, i) => {
          if (isId(value) && got[i] !== undefined && got[i] !== null) map.set(String(value), String(got[i]));
        });
        if (
          /^select "id" from "ledger_accounts"|for update/i.test(statement.text) &&
          got.length !== was.length
        )
          throw new Refused('the accounts could not be locked');
      }
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

// ---------------------------------------------------------------------------------------------
// Who gives to what: connection k gives for the donors k, k + C, k + 2C... in turn, each gift to
// the next project, so every donor and project is used and no two connections share a donor.

function plan(donors: Donor[], projectIds: number[], k: number) {
  const mine = donors.filter((_, i) => i % CONNECTIONS === k);
  let n = 0;
  return () => {
    const donor = mine[n % mine.length] as Donor;
    const projectId = projectIds[(n + k) % projectIds.length] as number;
    n++;
    return { donor, projectId };
  };
}

function runApi(port: number, donors: Donor[], projectIds: number[], seconds: number): Promise<PhaseResult> {
  return apiPhase({
    port,
    connections: CONNECTIONS,
    seconds,
    okStatus: 201,
    connection: (k) => {
      const next = plan(donors, projectIds, k);
      return {
        // a slow answer still counts (and shows in p99) instead of being cut off
        timeout: 30,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const { donor, projectId } = next();
              return {
                ...request,
                path: `/api/user/donate/project/${projectId}`,
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${donor.token}`,
                  'idempotency-key': randomUUID(),
                },
                body: bodyOf(donor),
              };
            },
          },
        ],
      };
    },
  });
}

function runRaw(
  pool: pg.Pool,
  templates: { plain: Template; giftAid: Template },
  declarations: Map<number, number>,
  donors: Donor[],
  projectIds: number[],
  seconds: number,
): Promise<PhaseResult> {
  return rawPhase({
    connections: CONNECTIONS,
    seconds,
    step: (k) => {
      const next = plan(donors, projectIds, k);
      return async () => {
        const { donor, projectId } = next();
        const template = donor.giftAid ? templates.giftAid : templates.plain;
        await rawDonation(pool, template, donor, projectId, declarations.get(donor.id) ?? null);
      };
    },
  });
}

// ---------------------------------------------------------------------------------------------

async function donationCount(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ n: number }>(`select count(*)::int as n from donations where type = 2`);
  return result.rows[0]?.n ?? 0;
}

async function lastDonationId(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ id: string | null }>('select max(id) as id from donations');
  return Number(result.rows[0]?.id ?? 0);
}

/** What the gifts after a donation id wrote: each should be approved, numbered, with its history and money. */
async function written(pool: pg.Pool, after: number) {
  const result = await pool.query<{
    donations: number;
    approved: number;
    receipts: number;
    history: number;
    moves: number;
  }>(
    `select count(*)::int as donations,
       (count(*) filter (where status = 80 and receipt_number is not null))::int as approved,
       count(distinct receipt_number)::int as receipts,
       (select count(*)::int from donation_history h where h.donation_id > $1) as history,
       (select count(*)::int from ledger_transactions t where t.donation_id > $1 and t.kind = 'donation') as moves
     from donations where id > $1`,
    [after],
  );
  const row = result.rows[0];
  if (!row) throw new Error('no counts');
  return row;
}

/** The count once requests cut off when autocannon stopped have finished (no change for 1 s). */
async function settledCount(pool: pg.Pool): Promise<number> {
  let last = await donationCount(pool);
  for (let i = 0; i < 30; i++) {
    await sleep(1000);
    const now = await donationCount(pool);
    if (now === last) return now;
    last = now;
  }
  return last;
}

function ledgerCheckCli(databaseUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'ledger:check'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  const { databaseUrl, dataDir } = await benchStart(ADMIN_URL, HARD_LIMIT_MS);
  const secret = randomBytes(32).toString('hex');

  const database = await openSetupDatabase(databaseUrl);
  for (const [sequence, start] of ID_RANGES) {
    await database.db.execute(sql.raw(`select setval('${sequence}', ${start})`));
  }
  const { donors, projectIds, declarations } = await setUp(database, secret);

  // One plain gift and one with Gift Aid, each the donor's second to that project (as most are).
  const port0 = await freePort();
  const plainDonor = donors.find((d) => !d.giftAid) as Donor;
  const giftAidDonor = donors.find((d) => d.giftAid) as Donor;
  const projectId = projectIds[0] as number;
  const captured = await capture(databaseUrl, dataDir, port0, secret, [
    { donor: plainDonor, projectId },
    { donor: giftAidDonor, projectId },
  ]);
  const [plainRun, giftAidRun] = captured;
  if (!plainRun || !giftAidRun) throw new Error('nothing captured');
  const plainSplit = splitStatements(plainRun.statements);
  const giftAidSplit = splitStatements(giftAidRun.statements);
  const templates = {
    plain: { statements: plainSplit.inside, donor: plainDonor, projectId, declarationId: null },
    giftAid: {
      statements: giftAidSplit.inside,
      donor: giftAidDonor,
      projectId,
      declarationId: declarations.get(giftAidDonor.id) ?? null,
    },
  };

  const port = await freePort();
  const startedAt = performance.now();
  // BENCH_PROFILE=<folder>: the measured API writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const { server } = await startApi(
    databaseUrl,
    dataDir,
    port,
    secret,
    { CURRENCY, MAIL_DELIVERY: MAIL_IN_PROCESS ? 'true' : 'false' },
    profile,
  );
  const startSeconds = (performance.now() - startedAt) / 1000;

  const { pool, version } = await openPool(databaseUrl, POOL_SIZE, 'close the raw pool');

  console.log(
    `Kindred donations benchmark: ${SECONDS} s per side, ${CONNECTIONS} concurrent, ${donors.length} donors ` +
      `(${donors.filter((d) => d.giftAid).length} with Gift Aid), ${projectIds.length} Live projects, pool ${POOL_SIZE}, ` +
      `PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} CPUs ` +
      `(${os.cpus()[0]?.model.trim() ?? '?'}); API started in ${startSeconds.toFixed(1)} s; ` +
      `receipts ${MAIL_IN_PROCESS ? 'mailed by the measured process' : 'queued for another process to mail'}`,
  );
  for (const [label, split, run] of [
    ['plain gift', plainSplit, plainRun],
    ['gift with Gift Aid', giftAidSplit, giftAidRun],
  ] as const) {
    console.log(
      `\nStatements the API sent for one ${label}: ${run.statements.length} ` +
        `(${split.inside.length} in its transaction, ${split.outside.length} outside it)`,
    );
    if (label === 'plain gift' || VERBOSE) {
      console.log('  outside the transaction:');
      for (const line of describeStatements(split.outside)) console.log(line);
      console.log('  in the transaction (replayed raw):');
      for (const line of describeStatements(split.inside)) console.log(line);
    }
  }

  await runApi(port, donors, projectIds, WARMUP_SECONDS);
  const apiFirst = await settledCount(pool);
  let cpu = await cpuSnapshot(pool, server.pid);
  const api = await runApi(port, donors, projectIds, SECONDS);
  const apiCpu = cpuSince(cpu, server.pid);
  const apiLast = await settledCount(pool);

  await runRaw(pool, templates, declarations, donors, projectIds, WARMUP_SECONDS);
  const rawFirst = await donationCount(pool);
  const rawFirstId = await lastDonationId(pool);
  cpu = await cpuSnapshot(pool, undefined);
  const raw = await runRaw(pool, templates, declarations, donors, projectIds, SECONDS);
  const rawCpu = cpuSince(cpu, undefined);
  const rawLast = await donationCount(pool);

  printComparison('donations', 99, api, raw, apiCpu, rawCpu);
  const apiCommitted = apiLast - apiFirst;
  const rawCommitted = rawLast - rawFirst;
  console.log(
    `Committed in the database: API ${apiCommitted} (answered 201: ${api.ok}), raw ${rawCommitted} (counted: ${raw.ok})`,
  );

  await stopProcess(server);
  const failures: string[] = [];
  // The replay did what the API does: every raw gift approved, numbered once, with its history row
  // and its ledger movement.
  const raws = await written(pool, rawFirstId);
  console.log(
    `Raw gifts written: ${raws.donations} donations, ${raws.approved} approved with a receipt number ` +
      `(${raws.receipts} distinct), ${raws.history} history rows, ${raws.moves} ledger movements`,
  );
  if (![raws.approved, raws.receipts, raws.history, raws.moves].every((n) => n === raws.donations))
    failures.push('the raw replay did not write what the API writes for each gift');
  // Every gift's receipt was queued with it (in its transaction, on both sides).
  const receipts = await pool.query<{ numbered: number; queued: number; sent: number }>(
    `select (select count(*)::int from donations where receipt_number is not null) as numbered,
            (select count(*)::int from queued_notices where subject like '%KR-%') as queued,
            (select count(*)::int from queued_notices where sent_at is not null) as sent`,
  );
  const notices = receipts.rows[0];
  console.log(
    `Receipts: ${notices?.numbered} gifts numbered, ${notices?.queued} receipts queued, ${notices?.sent} mailed during the run`,
  );
  if (!notices || notices.numbered !== notices.queued)
    failures.push('a gift was numbered without its receipt queued');
  const problems = await checkLedger(database.db);
  if (problems.length > 0) failures.push(`ledger check: ${JSON.stringify(problems.slice(0, 5))}`);
  if (apiCommitted < api.ok || apiCommitted > api.ok + CONNECTIONS)
    failures.push(`API: ${api.ok} answered 201 but ${apiCommitted} committed`);
  if (rawCommitted !== raw.ok) failures.push(`raw: ${raw.ok} counted but ${rawCommitted} committed`);
  if (api.ok === 0 || raw.ok === 0) failures.push('a side gave nothing');
  console.log('\nnpm run ledger:check on the bench database:');
  const code = await ledgerCheckCli(databaseUrl);
  if (code !== 0) failures.push(`npm run ledger:check exited with ${code}`);
  reportFailures(failures, 'Ledger check: the books balance.');
}

runBench(main);
