import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../apps/api/src/db/client.js';
import { giftAidDeclarations, paymentMethods } from '../apps/api/src/db/schema.js';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.js';
import {
  ADMIN_URL,
  apiPhase,
  benchStart,
  type CpuUse,
  comparisonSettings,
  cpuSinceWithNewBackends,
  cpuSnapshot,
  formatCpu,
  formatErrors,
  freePort,
  insertApprovedCharity,
  insertFundedDonors,
  insertLiveProjects,
  intFromEnv,
  onOneConnection,
  openPool,
  openSetupDatabase,
  type PhaseResult,
  percentile,
  pgbenchVersion,
  printComparison,
  printTable,
  rawPhase,
  reportFailures,
  runBench,
  sleep,
  startApi,
  stopProcess,
  tpcbDatabase,
  tpcbRun,
} from './support.js';

/*
 * Funds donations through the API against the same SQL sent raw, and against pgbench's TPC-B on
 * the same PostgreSQL server (docs/performance.md, "Donations"). Many donors give one-off gifts of
 * funds (every fourth with Gift Aid) to Live projects through POST /api/user/donate/project/{id},
 * each with its own Idempotency-Key: first from their wallets, then by card (each donor's saved
 * card, sandbox provider); each way twice, with the gifts spread over the projects and with every
 * gift to one project. For each way of paying, the statements the API sends for one gift's work,
 * captured from a short run of the API with every statement logged, are replayed by hand for the
 * same donors and projects: for a wallet gift its transaction; for a card gift the payment's row,
 * the sandbox provider's record of the payment, the payment's outcome and the gift's transaction.
 * Every rate is also given as a share of pgbench's TPC-B rate, measured in the same run, and a
 * summary says which targets each run meets.
 */

const { SECONDS, CONNECTIONS, WARMUP_SECONDS, POOL_SIZE, CURRENCY } = comparisonSettings();
const DONORS = intFromEnv('BENCH_DONORS', 200, CONNECTIONS, 10_000);
const PROJECTS = intFromEnv('BENCH_PROJECTS', 20, 1, 1000);
/** Each donor's starting wallet, in minor units; gifts are 10,000 to 13,493. */
const FUNDS = 100_000_000;
/**
 * pgbench's TPC-B (BENCH_TPCB=0 leaves it out). Scale 20 by default: 20 branches for the 20
 * clients, as pgbench's documentation asks (a scale below the clients measures the branch rows'
 * locks), and as many branches as the spread run has projects; 2,000,000 accounts (about 300 MB
 * with their index), more than shared_buffers by default but in the machine's memory.
 */
const TPCB = process.env.BENCH_TPCB !== '0';
const TPCB_SCALE = intFromEnv('BENCH_TPCB_SCALE', 20, 1, 1000);
const TPCB_THREADS = 2;
/** The raw replay of the captured statements (BENCH_RAW=0 leaves it out: half the windows). */
const RAW = process.env.BENCH_RAW !== '0';
/**
 * How many API processes serve the measured gifts (BENCH_API_PROCESSES, 1 by default): a Node
 * process runs on one core, and a deployment runs one a core behind its balancer; the bench's
 * connections are shared out among them. One of them runs the scheduled jobs; every one runs
 * the event workers.
 */
const API_PROCESSES = intFromEnv('BENCH_API_PROCESSES', 1, 1, 8);
/** A target missed fails the bench (exit code 1) only with BENCH_STRICT=1. */
const STRICT = process.env.BENCH_STRICT === '1';
/** The targets (docs/performance.md, "Donations"): gifts/s as a share of TPC-B's tps, and p99. */
const TARGETS = { spread: 0.3, hot: 0.2, p99Ms: 100, p99Connections: 20 } as const;
/**
 * The experiment of a wallet gift as one database function (bench/lean-gift.sql, BENCH_LEAN=1):
 * two more raw windows, spread and to one project, after the raw replay.
 */
const LEAN = process.env.BENCH_LEAN === '1';
const LEAN_SQL = fileURLToPath(new URL('./lean-gift.sql', import.meta.url));
const WINDOWS = (TPCB ? 2 : 0) + 4 + (RAW ? 4 : 0) + (LEAN ? 2 : 0);
const HARD_LIMIT_MS = (WINDOWS * (SECONDS + WARMUP_SECONDS) + 900) * 1000;
/**
 * Whether the measured API process also mails the receipts it queues (BENCH_MAIL_DELIVERY=1). By
 * default it does not, as an API process behind a load balancer whose mail another process delivers
 * (MAIL_DELIVERY=false): the receipt is queued in the gift's transaction either way.
 */
const MAIL_IN_PROCESS = process.env.BENCH_MAIL_DELIVERY === '1';
/** Print the captured statements of both gifts (BENCH_VERBOSE=1), not only the plain one's. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/** Where to write every captured statement, whole, with its values and answer (BENCH_CAPTURE_FILE). */
const CAPTURE_FILE = process.env.BENCH_CAPTURE_FILE;
/** The application_name of the API's worker pool (events/event-bus.ts): its statements are not the request's. */
const WORKER_APP = 'kindred worker';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CAPTURE_PRELOAD = fileURLToPath(new URL('./capture-sql.mjs', import.meta.url));

interface Donor {
  id: number;
  token: string;
  giftAid: boolean;
  /** The donor's saved card (a sandbox card ending 4242), which the card gifts name. */
  methodId: number;
}

/** How a gift is paid: from the donor's wallet, or by the donor's saved card in the same call. */
type Way = 'wallet' | 'card';
/** Where the gifts go: spread over the projects, or every gift to one project (a giving day's). */
type Layout = 'spread' | 'hot';
const LAYOUTS: Layout[] = ['spread', 'hot'];
/** The ways of paying measured (BENCH_WAYS=wallet measures only the wallet's: half the windows). */
const WAYS_MEASURED: Way[] = (['wallet', 'card'] as const).filter((way) =>
  (process.env.BENCH_WAYS ?? 'wallet,card').split(',').includes(way),
);
const layoutLabel = (layout: Layout) =>
  layout === 'spread' ? `${PROJECTS} project${PROJECTS === 1 ? '' : 's'}` : 'one project';

const amountOf = (donor: Donor) => 10_000 + (donor.id % 500) * 7;
const bodyOf = (donor: Donor, way: Way) =>
  JSON.stringify({
    type: 2,
    amount: amountOf(donor),
    source: way,
    ...(way === 'card' ? { payment_method_id: donor.methodId } : {}),
    ...(donor.giftAid ? { gift_aid: true } : {}),
  });

// ---------------------------------------------------------------------------------------------
// Data: one approved charity with PROJECTS Live projects that need funds; DONORS people with
// funded wallets and a saved card each, every fourth with a Gift Aid declaration; a sign-in token
// for each.

async function setUp(database: Database, secret: string) {
  const db = database.db;
  const now = new Date();
  const charityId = await insertApprovedCharity(db, 'Bench Trust', now);
  const projectIds = await insertLiveProjects(
    db,
    charityId,
    Array.from({ length: PROJECTS }, (_, i) => `Bench project ${i + 1}`),
    now,
  );
  // The project every gift of the hot runs goes to (none of the spread runs' gifts).
  const [hotProjectId] = await insertLiveProjects(db, charityId, ['Bench hot project'], now);
  if (hotProjectId === undefined) throw new Error('no hot project');
  const funded = await insertFundedDonors(db, {
    count: DONORS,
    emailPrefix: 'donor',
    firstName: 'Bench',
    currency: CURRENCY,
    funds: FUNDS,
    secret,
    now,
  });
  // A saved card each, as the sandbox provider saves one (its reference names the last four digits).
  const methodRows = await db
    .insert(paymentMethods)
    .values(
      funded.map((row) => ({
        ownerType: 'user' as const,
        ownerId: row.id,
        provider: 'sandbox',
        providerMethodId: `sbx_pm_4242_${randomBytes(4).toString('hex')}`,
        brand: 'Visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2035,
        isDefault: true,
        createdBy: row.id,
        createdAt: now,
      })),
    )
    .returning({ id: paymentMethods.id, ownerId: paymentMethods.ownerId });
  const methodOf = new Map(methodRows.map((m) => [m.ownerId, m.id]));
  const donors: Donor[] = [];
  const declarations = new Map<number, number>();
  for (const [i, row] of funded.entries()) {
    const giftAid = i % 4 === 0;
    if (giftAid) {
      const [declaration] = await db
        .insert(giftAidDeclarations)
        .values({
          userId: row.id,
          // A declaration makes gifts eligible only for the charity it names (decision 037).
          charityId,
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
    const methodId = methodOf.get(row.id);
    if (methodId === undefined) throw new Error('a donor has no saved card');
    donors.push({ id: row.id, token: row.token, giftAid, methodId });
  }
  return { donors, projectIds, hotProjectId, declarations };
}

async function donate(port: number, donor: Donor, projectId: number, way: Way) {
  const res = await fetch(`http://127.0.0.1:${port}/api/user/donate/project/${projectId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${donor.token}`,
      'idempotency-key': randomUUID(),
    },
    body: bodyOf(donor, way),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`a donation answered ${res.status}: ${text}`);
  return JSON.parse(text) as { donation: { id: number; receipt_number: string | null; status: number } };
}

// ---------------------------------------------------------------------------------------------
// What the API sends for one donation: a short run of the API with every statement logged.

interface Statement {
  /** The order in which the API sent it (the log is in the order of the answers). */
  seq: number;
  client: number;
  /** The connection's application_name: the worker's pool names itself (WORKER_APP). */
  app?: string;
  /** The name of a named (prepared) statement, sent the same way by the replay. */
  name?: string;
  text: string;
  values: unknown[];
  /** What it answered (null when it failed). */
  rows: unknown[] | null;
}

/** Waits (up to 10 s) until the worker has nothing left: the events of a gift in the outbox, its jobs, and its mail's. */
async function jobsDone(pool: pg.Pool) {
  for (let i = 0; i < 100; i++) {
    const result = await pool.query<{ n: number }>(
      'select (select count(*) from event_outbox)::int + (select count(*) from graphile_worker.jobs)::int as n',
    );
    if ((result.rows[0]?.n ?? 0) === 0) return;
    await sleep(100);
  }
}

async function capture(
  databaseUrl: string,
  dataDir: string,
  port: number,
  secret: string,
  pool: pg.Pool,
  gifts: Array<{ donor: Donor; projectId: number; way: Way }>,
) {
  const log = path.join(dataDir, 'statements.jsonl');
  const { server } = await startApi(databaseUrl, dataDir, port, secret, {
    CURRENCY,
    // the sandbox provider, whatever the environment says
    STRIPE_SECRET_KEY: '',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${CAPTURE_PRELOAD}`.trim(),
    BENCH_SQL_LOG: log,
  });
  try {
    const runs: Array<{ statements: Statement[] }> = [];
    for (const { donor, projectId, way } of gifts) {
      // The donor's first gift to the project this way (and the process's first request, which
      // loads things once) is not the one captured; its jobs and mail are done before the capture.
      await donate(port, donor, projectId, way);
      await jobsDone(pool);
      writeFileSync(log, '');
      await donate(port, donor, projectId, way);
      // the work after the commit (the event's jobs, the receipt mail) is logged too
      await sleep(200);
      await jobsDone(pool);
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

/** A request's statements in the order sent, grouped: one statement alone, or a whole transaction. */
interface Unit {
  transaction: boolean;
  statements: Statement[];
}

function unitsOf(statements: Statement[]): Unit[] {
  const units: Unit[] = [];
  const open = new Map<number, Unit>();
  for (const s of statements) {
    const text = s.text.trim();
    const current = open.get(s.client);
    if (current) {
      current.statements.push(s);
      if (/^(commit|rollback)\b/i.test(text)) open.delete(s.client);
    } else if (/^begin\b/i.test(text)) {
      const unit = { transaction: true, statements: [s] };
      units.push(unit);
      open.set(s.client, unit);
    } else units.push({ transaction: false, statements: [s] });
  }
  return units;
}

/**
 * The statements of one gift that the raw side replays, and the others (the sign-in check, a card
 * gift's saved-card read and its checks before the charge, the worker's jobs and the mail after
 * the answer). The gift's transaction is the one that stores the Idempotency-Key's answer; a card
 * gift also replays what comes before it from its payment's insert on: the payment's row, the
 * provider's record, the provider's answer written on the payment.
 */
function splitStatements(statements: Statement[], way: Way) {
  const units = unitsOf(statements);
  // A gift written in one call (docs/decisions/054-a-gift-in-one-call.md): its read, which takes
  // its id and receipt number, then any read of its Gift Aid declaration, then `gift_write`.
  const call = units.findIndex(
    (u) => !u.transaction && /^select gift_write\(/i.test(u.statements[0]?.text ?? ''),
  );
  if (call >= 0) {
    const read = units.findIndex(
      (u) => !u.transaction && /nextval\('donation_receipt_seq'\)/.test(u.statements[0]?.text ?? ''),
    );
    if (read < 0 || read > call)
      throw new Error(`the captured ${way} gift wrote in one call without its read`);
    const replayed = units
      .slice(read, call + 1)
      .filter((u) => !u.transaction && u.statements[0]?.app !== WORKER_APP);
    return splitAround(statements, replayed, 1);
  }
  const gift = units.findIndex(
    (u) =>
      u.transaction &&
      /^commit\b/i.test(u.statements.at(-1)?.text.trim() ?? '') &&
      u.statements.some((s) => /^insert into "idempotency_keys"/i.test(s.text.trim())),
  );
  if (gift < 0) throw new Error(`the captured ${way} gift committed no transaction with its key`);
  let first = gift;
  if (way === 'card') {
    first = units.findIndex(
      (u) => !u.transaction && /^insert into "payments"/i.test(u.statements[0]?.text ?? ''),
    );
    if (first < 0 || first > gift) throw new Error('the captured card gift wrote no payment before its gift');
  }
  const replayed = units.slice(first, gift + 1).filter((u, i) =>
    u.transaction
      ? i === gift - first
      : // between the payment's insert and the gift: the payment's statements and the provider's
        /"(sandbox_payments|payments)"/.test(u.statements[0]?.text ?? ''),
  );
  return splitAround(statements, replayed, replayed.at(-1)?.statements.length ?? 0);
}

/** The replayed units of a gift, and the rest of its statements: the request's own before, the work after. */
function splitAround(statements: Statement[], replayed: Unit[], transaction: number) {
  const inside = replayed.flatMap((u) => u.statements);
  const outside = statements.filter((s) => !inside.includes(s));
  // The gift's jobs exist from its commit on (the earlier gift's were done before the capture):
  // what was sent before the commit is the request's own, what after is the work after the commit.
  const commit = inside.at(-1)?.seq ?? Number.POSITIVE_INFINITY;
  const own = outside.filter((s) => s.seq < commit);
  const after = outside.filter((s) => s.seq > commit);
  return { replayed, inside, outside, own, after, transaction };
}

/**
 * The answers of the statements sent outside a transaction, read again: the capture logs a
 * statement sent through the pool (a callback) without its rows. A read sent alone (the payment's
 * row after its insert) is sent again as captured, so that the replay learns the ids it answered.
 */
async function fillAnswers(pool: pg.Pool, units: Unit[]) {
  for (const unit of units) {
    if (unit.transaction) continue;
    for (const statement of unit.statements) {
      if (!/^select\b/i.test(statement.text.trim()) || (statement.rows?.length ?? 0) > 0) continue;
      const result = await pool.query({ text: statement.text, values: statement.values, rowMode: 'array' });
      statement.rows = result.rows;
    }
  }
}

function describeStatements(list: Statement[]): string[] {
  return list.map(
    (s, i) =>
      `${String(i + 1).padStart(3)}${s.app === WORKER_APP ? '*' : ' '} ${s.text.replace(/\s+/g, ' ').slice(0, 150)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Raw: the captured statements replayed one for one on a pg.Pool (a transaction on one
// connection, a statement the API sends alone on a checkout of its own), their values changed for
// another donor, project, saved card, amount and key. Inputs (donor, project, card, declaration,
// amount, Gift Aid, key) are replaced by value: every kind of id lives in its own range (see
// ID_RANGES), so a value says what it is. Ids the API makes itself (an event's, the sandbox
// payment's) are made anew for each replay. Values the database hands back (the donation's and
// the payment's ids, the ledger accounts, the receipt number...) are learnt as the replay goes:
// where the captured statement answered a value of an id range, the replayed one's answer in the
// same place replaces it in every later statement. Time stamps become the time of the replay.

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
  ['payments_id_seq', 12_000_000],
  ['payment_methods_id_seq', 13_000_000],
];
const isId = (value: unknown) => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1_000_000 && n < 14_000_000;
};
/** Ids the API makes itself (an event's, the sandbox's payment's): a new one for every replay. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const SANDBOX_PAYMENT = /^sbx_pi_[0-9a-f]{32}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

interface Template {
  /** What is replayed, in order: statements sent alone (each on its own checkout) and the gift's transaction. */
  units: Unit[];
  donor: Donor;
  projectId: number;
  declarationId: number | null;
}

/** A gift's amount (minor units) and its Gift Aid, as the shared giftAidOf computes it. */
const giftAidOf = (amount: number) => Math.floor(amount / 4);

const cellsOf = (row: unknown): unknown[] =>
  Array.isArray(row) ? row : Object.values(row as Record<string, unknown>);

/**
 * The captured answer's rows beside the replayed answer's. Rows of ledger accounts go by their
 * owner's type and kind (the accounts of a card gift, the provider's, the wallet and the project's
 * funds, come in id order, which differs from one project to the next); other rows by position.
 */
function pairRows(
  captured: unknown[] | null,
  result: pg.QueryResult<unknown[]>,
): Array<[unknown[], unknown[]]> {
  const was = (captured ?? []).map(cellsOf);
  const names = result.fields.map((f) => f.name);
  const [type, kind] = [names.indexOf('owner_type'), names.indexOf('kind')];
  if (type >= 0 && kind >= 0 && names.includes('balance')) {
    const key = (row: unknown[]) => `${row[type]}:${row[kind]}`;
    const got = new Map(result.rows.map((row) => [key(row), row]));
    if (got.size === result.rows.length)
      return was.flatMap((row): Array<[unknown[], unknown[]]> => {
        const match = got.get(key(row));
        return match ? [[row, match]] : [];
      });
  }
  return was.map((row, i): [unknown[], unknown[]] => [row, result.rows[i] ?? []]);
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
    [String(template.donor.methodId), String(donor.methodId)],
    [String(template.projectId), String(projectId)],
    [String(captured), String(amount)],
    [String(-captured), String(-amount)],
    [String(giftAidOf(captured)), String(giftAidOf(amount))],
  ]);
  if (template.declarationId !== null && declarationId !== null)
    map.set(String(template.declarationId), String(declarationId));
  const statements = template.units.flatMap((u) => u.statements);
  const first = statements.find((s) => /idempotency_keys/.test(s.text) && /^insert/i.test(s.text));
  let [, capturedKey, capturedHash] = (first?.values ?? []) as string[];
  // A gift written in one call names its key inside the call's one value.
  const call = statements.find((s) => /^select gift_write\(/i.test(s.text));
  // Its id and receipt number, taken by the read before it: learnt from the replayed read's answer.
  let oneCallNumbers: { id: number; receipt: number } | undefined;
  if (call) {
    const written = JSON.parse(String(call.values[0])) as {
      key: { key: string; hash: string } | null;
      donation: { id: number; receipt_number: string };
    };
    capturedKey = written.key?.key;
    capturedHash = written.key?.hash;
    oneCallNumbers = {
      id: written.donation.id,
      receipt: Number(written.donation.receipt_number.split('-').at(-1)),
    };
  }
  if (capturedKey) map.set(capturedKey, key);
  if (capturedHash) map.set(capturedHash, randomBytes(32).toString('hex'));
  for (const value of statements.flatMap((s) => s.values)) {
    if (typeof value !== 'string' || map.has(value)) continue;
    if (UUID.test(value)) map.set(value, randomUUID());
    else if (SANDBOX_PAYMENT.test(value)) map.set(value, `sbx_pi_${randomUUID().replace(/-/g, '')}`);
    // ids the API made itself inside a longer value (the event's inside a gift written in one call)
    else for (const [id] of value.matchAll(UUIDS)) if (!map.has(id)) map.set(id, randomUUID());
  }
  const now = new Date().toISOString();

  const send = async (client: pg.Pool | pg.PoolClient, statement: Statement) => {
    const values = statement.values.map((v) => replace(v, map, now));
    const result = await client.query({
      ...(statement.name ? { name: statement.name } : {}),
      text: statement.text,
      values,
      rowMode: 'array',
    });
    if (oneCallNumbers && /nextval\('donation_receipt_seq'\)/.test(statement.text)) {
      const [id, receipt] = (result.rows[0] ?? []).slice(-2);
      map.set(String(oneCallNumbers.id), String(id));
      map.set(String(oneCallNumbers.receipt), String(receipt).split('-').at(-1) ?? '');
    }
    for (const [was, got] of pairRows(statement.rows, result)) {
      was.forEach((value, i) => {
        if (isId(value) && got[i] !== undefined && got[i] !== null) map.set(String(value), String(got[i]));
      });
    }
    if (
      /^select "id" from "ledger_accounts"|for update/i.test(statement.text) &&
      result.rows.length !== (statement.rows?.length ?? 0)
    )
      throw new Refused('the accounts could not be locked');
  };

  for (const unit of template.units) {
    // A statement the API sends outside a transaction takes a connection of the pool for itself.
    if (!unit.transaction) {
      for (const statement of unit.statements) await send(pool, statement);
      continue;
    }
    await onOneConnection(pool, async (client) => {
      for (const statement of unit.statements) await send(client, statement);
    });
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

function runApi(
  port: number | number[],
  donors: Donor[],
  projectIds: number[],
  way: Way,
  seconds: number,
): Promise<PhaseResult> {
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
                body: bodyOf(donor, way),
              };
            },
          },
        ],
      };
    },
  });
}

/** Connection k's lean gifts: one call of bench_lean_gift each, its answer checked. */
function runLean(
  pool: pg.Pool,
  donors: Donor[],
  projectIds: number[],
  seconds: number,
): Promise<PhaseResult> {
  return giftsPhase(donors, projectIds, seconds, async (donor, projectId) => {
    const result = await pool.query<{ answer: { error?: { message: string } } }>(
      'select bench_lean_gift($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) as answer',
      [
        `user:${donor.id} POST /api/user/donate/project/:id`,
        randomUUID(),
        randomBytes(32).toString('hex'),
        donor.id,
        projectId,
        amountOf(donor),
        donor.giftAid,
        CURRENCY,
        new Date(),
        `Bench Donor ${donor.id}`,
        `donor-${donor.id}@bench.test`,
        'http://localhost:5173',
      ],
    );
    const error = result.rows[0]?.answer.error;
    if (error) throw new Error(error.message);
  });
}

/** Each connection gives, one gift after another, to the projects of its plan. */
function giftsPhase(
  donors: Donor[],
  projectIds: number[],
  seconds: number,
  give: (donor: Donor, projectId: number) => Promise<void>,
): Promise<PhaseResult> {
  return rawPhase({
    connections: CONNECTIONS,
    seconds,
    step: (k) => {
      const next = plan(donors, projectIds, k);
      return () => {
        const { donor, projectId } = next();
        return give(donor, projectId);
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
  return giftsPhase(donors, projectIds, seconds, async (donor, projectId) => {
    const template = donor.giftAid ? templates.giftAid : templates.plain;
    await rawDonation(pool, template, donor, projectId, declarations.get(donor.id) ?? null);
  });
}

// ---------------------------------------------------------------------------------------------

async function donationCount(pool: pg.Pool, way: Way): Promise<number> {
  const result = await pool.query<{ n: number }>(
    `select count(*)::int as n from donations where type = 2 and source = $1`,
    [way],
  );
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

/**
 * What the card gifts after a donation id left: each paid by its own payment, marked credited with
 * the gift, which the sandbox provider recorded as succeeded for the gift's amount; and the gift
 * payments of the whole run not (yet) made into their gift.
 */
async function cardWritten(pool: pg.Pool, after: number) {
  const result = await pool.query<{ donations: number; paid: number; recorded: number; open: number }>(
    `select count(*)::int as donations,
       count(p.id)::int as paid,
       count(sp.id)::int as recorded,
       (select count(*)::int from payments where purpose = 'gift' and status <> 'credited') as open
     from donations d
     left join payments p on p.id = d.payment_id and p.donation_id = d.id and p.status = 'credited'
       and p.purpose = 'gift' and p.amount = d.amount
     left join sandbox_payments sp on sp.id = p.provider_payment_id and sp.status = 'succeeded'
       and sp.amount = d.amount and sp.idempotency_key = 'kindred-gift-' || p.id
     where d.id > $1 and d.source = 'card'`,
    [after],
  );
  const row = result.rows[0];
  if (!row) throw new Error('no counts');
  return row;
}

/** The count once requests cut off when autocannon stopped have finished (no change for 1 s). */
async function settledCount(pool: pg.Pool, way: Way): Promise<number> {
  let last = await donationCount(pool, way);
  for (let i = 0; i < 30; i++) {
    await sleep(1000);
    const now = await donationCount(pool, way);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/**
 * The work the gifts left for after their commit that the API's worker has not done yet: events in
 * the outbox whose listeners (matching, the public cache, notifications, webhooks) are still to run,
 * and jobs (retries); the mail's job is left out, as the measured process does not mail.
 */
async function pendingJobs(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ n: number }>(
    `select (select count(*) from event_outbox where task is null)::int
       + (select count(*) from graphile_worker.jobs where task_identifier <> 'notices.deliver')::int as n`,
  );
  return result.rows[0]?.n ?? 0;
}

/** Waits (up to a minute) until the worker has run the jobs of earlier gifts; answers how many are left. */
async function drainJobs(pool: pg.Pool): Promise<number> {
  let left = await pendingJobs(pool);
  for (let i = 0; i < 120 && left > 0; i++) {
    await sleep(500);
    left = await pendingJobs(pool);
  }
  return left;
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

interface Side {
  result: PhaseResult;
  cpu: CpuUse | undefined;
  committed: number;
  /** Whether the ledger check after its window found the books balanced. */
  ledgerOk: boolean;
}
type RawSide = Side & { firstId: number; written: Awaited<ReturnType<typeof written>> };

const sideKey = (way: Way, layout: Layout) => `${way}:${layout}`;
const rateOf = (r: PhaseResult) => r.ok / r.seconds;
const sortedOf = (ms: number[]) => [...ms].sort((a, b) => a - b);
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

const formatTpcbCpu = (c: CpuUse) =>
  `pgbench (the client) ${c.api.toFixed(2)}, PostgreSQL ${c.postgres.toFixed(2)}, interrupts ${c.irq.toFixed(2)}, ` +
  `other processes ${c.other.toFixed(2)}, idle ${c.idle.toFixed(2)}`;

/**
 * pgbench's TPC-B on the same server, in a database of its own dropped at once after: a warm-up,
 * the measured run (20 clients over the scale's branches), then the same with every transaction
 * on one branch, as when every gift goes to one project (a reference: it has no target).
 */
async function runTpcb(dataDir: string) {
  const database = await tpcbDatabase(ADMIN_URL, TPCB_SCALE);
  try {
    const run = (seconds: number, oneBranch: boolean, label: string) =>
      tpcbRun(database.url, {
        clients: CONNECTIONS,
        threads: Math.min(TPCB_THREADS, CONNECTIONS),
        seconds,
        oneBranch,
        logDir: dataDir,
        label,
      });
    await run(WARMUP_SECONDS, false, 'warm-up');
    const spread = await run(SECONDS, false, 'spread');
    const hot = await run(SECONDS, true, 'hot');
    return { spread, hot, initSeconds: database.initSeconds, sizeMb: database.sizeMb };
  } finally {
    await database.drop();
  }
}
type Tpcb = Awaited<ReturnType<typeof runTpcb>>;

async function main() {
  const loadAtStart = os.loadavg()[0] ?? Number.NaN;
  const pgbench = TPCB ? await pgbenchVersion() : undefined;
  if (TPCB && !pgbench)
    throw new Error(
      'pgbench is not on the PATH (Debian: apt-get install postgresql-client); BENCH_TPCB=0 runs the bench without TPC-B',
    );
  const { databaseUrl, dataDir } = await benchStart(ADMIN_URL, HARD_LIMIT_MS);
  const secret = randomBytes(32).toString('hex');

  const database = await openSetupDatabase(databaseUrl);
  for (const [sequence, start] of ID_RANGES) {
    await database.db.execute(sql.raw(`select setval('${sequence}', ${start})`));
  }
  const { donors, projectIds, hotProjectId, declarations } = await setUp(database, secret);
  const projectsOf = (layout: Layout) => (layout === 'spread' ? projectIds : [hotProjectId]);

  // For each way, one plain gift and one with Gift Aid, each the donor's second to that project
  // that way (as most are).
  const port0 = await freePort();
  const plainDonor = donors.find((d) => !d.giftAid) as Donor;
  const giftAidDonor = donors.find((d) => d.giftAid) as Donor;
  const projectId = projectIds[0] as number;
  const WAYS = WAYS_MEASURED;
  const gifts = WAYS.flatMap((way) => [
    { donor: plainDonor, projectId, way },
    { donor: giftAidDonor, projectId, way },
  ]);
  const { pool, version } = await openPool(databaseUrl, POOL_SIZE, 'close the raw pool');
  const captured = await capture(databaseUrl, dataDir, port0, secret, pool, gifts);
  if (CAPTURE_FILE) {
    // every captured statement of the four gifts, whole, one JSON line each with its gift
    const lines = captured.flatMap((run, i) =>
      run.statements.map((statement) =>
        JSON.stringify({ gift: `${gifts[i]?.way} ${i % 2 === 0 ? 'plain' : 'with Gift Aid'}`, ...statement }),
      ),
    );
    writeFileSync(CAPTURE_FILE, `${lines.join('\n')}\n`);
    console.log(`The captured statements are in ${CAPTURE_FILE}`);
  }
  const captures = WAYS.map((way, w) => {
    const [plainRun, giftAidRun] = [captured[2 * w], captured[2 * w + 1]];
    if (!plainRun || !giftAidRun) throw new Error('nothing captured');
    const plain = splitStatements(plainRun.statements, way);
    const giftAid = splitStatements(giftAidRun.statements, way);
    const templates = {
      plain: { units: plain.replayed, donor: plainDonor, projectId, declarationId: null },
      giftAid: {
        units: giftAid.replayed,
        donor: giftAidDonor,
        projectId,
        declarationId: declarations.get(giftAidDonor.id) ?? null,
      },
    };
    return { way, plainRun, giftAidRun, plain, giftAid, templates };
  });
  for (const c of captures) {
    await fillAnswers(pool, c.plain.replayed);
    await fillAnswers(pool, c.giftAid.replayed);
  }

  // TPC-B on the same server, before the measured API starts (no API process runs meanwhile).
  const windows: Array<{ label: string; cpu: CpuUse | undefined }> = [];
  const tpcb = TPCB ? await runTpcb(dataDir) : undefined;
  if (tpcb) {
    windows.push({ label: 'TPC-B', cpu: tpcb.spread.cpu }, { label: 'TPC-B, one branch', cpu: tpcb.hot.cpu });
  }

  const startedAt = performance.now();
  // BENCH_PROFILE=<folder>: the measured API writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const ports: number[] = [];
  const servers: Awaited<ReturnType<typeof startApi>>['server'][] = [];
  for (let i = 0; i < API_PROCESSES; i++) {
    const apiPort = await freePort();
    const { server: started } = await startApi(
      databaseUrl,
      dataDir,
      apiPort,
      secret,
      {
        CURRENCY,
        MAIL_DELIVERY: MAIL_IN_PROCESS ? 'true' : 'false',
        STRIPE_SECRET_KEY: '',
        ...(i > 0 ? { SCHEDULED_JOBS: 'false' } : {}),
      },
      profile,
    );
    ports.push(apiPort);
    servers.push(started);
  }
  const port = ports.length === 1 ? (ports[0] as number) : ports;
  const apiPids = servers.map((one) => one.pid).filter((pid): pid is number => pid !== undefined);
  const startSeconds = (performance.now() - startedAt) / 1000;

  console.log(
    `Kindred donations benchmark: ${SECONDS} s per window, ${CONNECTIONS} concurrent, ${donors.length} donors ` +
      `(${donors.filter((d) => d.giftAid).length} with Gift Aid), ${projectIds.length} Live projects and one more ` +
      `for the runs where every gift goes to one project, pool ${POOL_SIZE}, ` +
      `PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} CPUs ` +
      `(${os.cpus()[0]?.model.trim() ?? '?'}), load average ${loadAtStart.toFixed(2)} at the start; ` +
      `${API_PROCESSES === 1 ? 'one API process' : `${API_PROCESSES} API processes (the connections shared out among them)`} started in ${startSeconds.toFixed(1)} s; ` +
      `receipts ${MAIL_IN_PROCESS ? 'mailed by the measured process' : 'queued for another process to mail'}; ` +
      `card gifts by each donor's saved card (payment_method_id), sandbox provider; ` +
      (RAW ? 'raw replay on' : 'raw replay off (BENCH_RAW=0)'),
  );
  if (tpcb)
    console.log(
      `TPC-B: pgbench ${pgbench}, its own database at scale ${TPCB_SCALE} (${TPCB_SCALE} branches, ` +
        `${TPCB_SCALE * 100_000} accounts, ${tpcb.sizeMb.toFixed(0)} MB, initialised in ${tpcb.initSeconds.toFixed(1)} s), ` +
        `-M prepared -c ${CONNECTIONS} -j ${Math.min(TPCB_THREADS, CONNECTIONS)} -T ${SECONDS} after a ${WARMUP_SECONDS} s warm-up, ` +
        `then the same with every transaction on branch 1 (-D scale=1); dropped after`,
    );
  else console.log('TPC-B: not run (BENCH_TPCB=0): no ratio to TPC-B');
  for (const c of captures) {
    for (const [label, split, run] of [
      [`plain ${c.way} gift`, c.plain, c.plainRun],
      [`${c.way} gift with Gift Aid`, c.giftAid, c.giftAidRun],
    ] as const) {
      const { own, after } = split;
      console.log(
        `\nStatements the API sent for one ${label}: ${run.statements.length} ` +
          `(${split.inside.length} replayed raw, ${split.transaction} of them in the gift's transaction; ` +
          `${split.outside.length} not replayed: ${own.length} the request's own, ${after.length} after the commit: the worker's jobs and the mail)`,
      );
      if (split === c.plain || VERBOSE) {
        console.log(
          "  not replayed, the request's own (the sign-in check, a card gift's checks before the charge):",
        );
        for (const line of describeStatements(own)) console.log(line);
        if (VERBOSE) {
          console.log(
            `  not replayed, after the commit (the worker's jobs and the mail; * on the worker's own connections):`,
          );
          for (const line of describeStatements(after)) console.log(line);
        }
        console.log('  replayed raw:');
        for (const line of describeStatements(split.inside)) console.log(line);
      }
    }
  }

  const failures: string[] = [];
  const ledgerAfter = async (what: string) => {
    const problems = await checkLedger(database.db);
    console.log(`Ledger check after ${what}: ${problems.length === 0 ? 'the books balance' : 'FAILED'}`);
    if (problems.length > 0)
      failures.push(`ledger check after ${what}: ${JSON.stringify(problems.slice(0, 5))}`);
    return problems.length === 0;
  };

  // The API: the wallet gifts, then the card gifts, each spread over the projects and then every
  // one to the hot project; each window after the worker has run the jobs of the gifts before it.
  const apiSides = new Map<string, Side>();
  for (const way of WAYS) {
    for (const layout of LAYOUTS) {
      const targets = projectsOf(layout);
      const label = `${way} gifts, ${layoutLabel(layout)}`;
      await runApi(port, donors, targets, way, WARMUP_SECONDS);
      const first = await settledCount(pool, way);
      await drainJobs(pool);
      const cpu = await cpuSnapshot(pool, apiPids);
      const result = await runApi(port, donors, targets, way, SECONDS);
      const used = await cpuSinceWithNewBackends(pool, cpu, apiPids);
      const queued = await pendingJobs(pool);
      const last = await settledCount(pool, way);
      console.log(
        `\nAPI, ${label}: ${result.ok} answered 201, ${last - first} committed; ` +
          `${queued} jobs after their commit still queued at the end of the window, ${await drainJobs(pool)} a while later`,
      );
      const ledgerOk = await ledgerAfter(`the API's ${label}`);
      apiSides.set(sideKey(way, layout), { result, cpu: used, committed: last - first, ledgerOk });
      windows.push({ label: `API, ${label}`, cpu: used });
    }
  }
  // Stopped before the raw side runs, so that its worker does not take the jobs the raw gifts queue.
  for (const one of servers) await stopProcess(one);

  const rawSides = new Map<string, RawSide>();
  if (RAW) {
    for (const c of captures) {
      for (const layout of LAYOUTS) {
        const targets = projectsOf(layout);
        const label = `${c.way} gifts, ${layoutLabel(layout)}`;
        await runRaw(pool, c.templates, declarations, donors, targets, WARMUP_SECONDS);
        const first = await donationCount(pool, c.way);
        const firstId = await lastDonationId(pool);
        const cpu = await cpuSnapshot(pool, undefined);
        const result = await runRaw(pool, c.templates, declarations, donors, targets, SECONDS);
        const used = await cpuSinceWithNewBackends(pool, cpu, undefined);
        const last = await donationCount(pool, c.way);
        const ledgerOk = await ledgerAfter(`the raw ${label}`);
        rawSides.set(sideKey(c.way, layout), {
          result,
          cpu: used,
          committed: last - first,
          ledgerOk,
          firstId,
          written: await written(pool, firstId),
        });
        windows.push({ label: `raw, ${label}`, cpu: used });
      }
    }
  }

  // The experiment: a wallet gift as one function call (bench/lean-gift.sql), raw.
  const leanSides = new Map<Layout, RawSide>();
  if (LEAN) {
    await pool.query(readFileSync(LEAN_SQL, 'utf8'));
    for (const layout of LAYOUTS) {
      const targets = projectsOf(layout);
      const label = `lean function's wallet gifts, ${layoutLabel(layout)}`;
      await runLean(pool, donors, targets, WARMUP_SECONDS);
      const first = await donationCount(pool, 'wallet');
      const firstId = await lastDonationId(pool);
      const cpu = await cpuSnapshot(pool, undefined);
      const result = await runLean(pool, donors, targets, SECONDS);
      const used = await cpuSinceWithNewBackends(pool, cpu, undefined);
      const last = await donationCount(pool, 'wallet');
      const ledgerOk = await ledgerAfter(`the ${label}`);
      const side = {
        result,
        cpu: used,
        committed: last - first,
        ledgerOk,
        firstId,
        written: await written(pool, firstId),
      };
      leanSides.set(layout, side);
      windows.push({ label: `lean, ${label}`, cpu: used });
      const w = side.written;
      console.log(
        `The ${label}: ${result.ok} counted, ${side.committed} committed, errors ${formatErrors(result.errors)}; ` +
          `written: ${w.donations} donations, ${w.approved} approved with a receipt number (${w.receipts} distinct), ` +
          `${w.history} history rows, ${w.moves} ledger movements`,
      );
      if (used) console.log(`CPU, in cores of ${os.cpus().length}: ${formatCpu(used)}`);
      if (side.committed !== result.ok)
        failures.push(`${label}: ${result.ok} counted but ${side.committed} committed`);
      if (result.ok === 0) failures.push(`${label}: gave nothing`);
      if (![w.approved, w.receipts, w.history, w.moves].every((n) => n === w.donations))
        failures.push(`the ${label} did not write what the API writes for each gift`);
    }
  }

  for (const way of WAYS) {
    for (const layout of LAYOUTS) {
      const label = `${way} gifts, ${layoutLabel(layout)}`;
      const api = apiSides.get(sideKey(way, layout)) as Side;
      const raw = rawSides.get(sideKey(way, layout));
      console.log(
        `\n=== Gifts ${way === 'wallet' ? 'from the wallet' : 'by saved card (sandbox provider)'}, ` +
          `${layout === 'spread' ? `spread over ${layoutLabel(layout)}` : 'every gift to one project'} ===`,
      );
      if (raw) printComparison(`${way} gifts`, 99, api.result, raw.result, api.cpu, raw.cpu);
      else {
        const sorted = sortedOf(api.result.latenciesMs);
        console.log(
          `\nAPI (HTTP): ${rateOf(api.result).toFixed(0)} ${way} gifts/s, p50 ${fixed(percentile(sorted, 50))} ms, ` +
            `p99 ${fixed(percentile(sorted, 99))} ms, ${api.result.ok} in ${api.result.seconds.toFixed(1)} s, errors ${formatErrors(api.result.errors)}`,
        );
        if (api.cpu) console.log(`CPU, in cores of ${os.cpus().length}: ${formatCpu(api.cpu)}`);
      }
      console.log(
        `Committed in the database: API ${api.committed} (answered 201: ${api.result.ok})` +
          (raw ? `, raw ${raw.committed} (counted: ${raw.result.ok})` : ''),
      );
      if (api.committed < api.result.ok || api.committed > api.result.ok + CONNECTIONS)
        failures.push(`API, ${label}: ${api.result.ok} answered 201 but ${api.committed} committed`);
      if (api.result.ok === 0) failures.push(`API, ${label}: gave nothing`);
      if (!raw) continue;
      if (raw.committed !== raw.result.ok)
        failures.push(`raw, ${label}: ${raw.result.ok} counted but ${raw.committed} committed`);
      if (raw.result.ok === 0) failures.push(`raw, ${label}: gave nothing`);
      // The replay did what the API does: every raw gift approved, numbered once, with its history
      // row and its ledger movement (and, by card, its payment credited and the provider's record).
      const raws = raw.written;
      console.log(
        `Raw ${label} written: ${raws.donations} donations, ${raws.approved} approved with a receipt number ` +
          `(${raws.receipts} distinct), ${raws.history} history rows, ${raws.moves} ledger movements`,
      );
      if (![raws.approved, raws.receipts, raws.history, raws.moves].every((n) => n === raws.donations))
        failures.push(`the raw replay of the ${label} did not write what the API writes for each gift`);
      if (way === 'card' && layout === LAYOUTS.at(-1)) {
        // the raw card gifts of both windows (the first window's first id on)
        const firstRaw = rawSides.get(sideKey(way, 'spread')) ?? raw;
        const rawCards = await cardWritten(pool, firstRaw.firstId);
        console.log(
          `Raw card gifts (both windows): ${rawCards.donations}, each paid by its payment marked credited: ` +
            `${rawCards.paid}, recorded by the sandbox as succeeded: ${rawCards.recorded}`,
        );
        if (rawCards.paid !== rawCards.donations || rawCards.recorded !== rawCards.donations)
          failures.push("a raw card gift is not paid by its own credited payment with the provider's record");
      }
    }
  }

  // Every card gift, through the API or raw: paid by its own credited payment, recorded by the sandbox.
  const all = await cardWritten(pool, 0);
  console.log(
    `\nCard gifts (all, API and raw): ${all.donations}, each paid by its payment marked credited: ${all.paid}, ` +
      `recorded by the sandbox as succeeded: ${all.recorded}; gift payments left without their gift: ${all.open}`,
  );
  if (all.paid !== all.donations || all.recorded !== all.donations)
    failures.push("a card gift is not paid by its own credited payment with the provider's record");
  const cardErrors = [...apiSides, ...rawSides]
    .filter(([k]) => k.startsWith('card:'))
    .reduce((sum, [, side]) => sum + [...side.result.errors.values()].reduce((a, b) => a + b, 0), 0);
  if (all.open > cardErrors) failures.push(`${all.open} card payments were left without their gift`);

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

  // Every project's funds raised (its row's counter and its progress slots') is the sum of its
  // counted gifts (each side moves it with its gift).
  const progress = await pool.query<{ id: string; raised: string; counted: string }>(
    `with raised as (
       select p.id, p.funds_raised + coalesce((select sum(s.funds_raised) from project_progress s where s.project_id = p.id), 0) as raised
       from projects p
     )
     select r.id, r.raised::text as raised,
        coalesce(sum(d.amount - d.refunded_amount) filter (where d.type = 2 and d.status in (80, 85)), 0)::text as counted
     from raised r left join donations d on d.project_id = r.id
     group by r.id, r.raised having r.raised <> coalesce(sum(d.amount - d.refunded_amount) filter (where d.type = 2 and d.status in (80, 85)), 0)`,
  );
  console.log(
    `Projects whose funds raised differ from the sum of their counted gifts: ${progress.rows.length}` +
      (progress.rows.length > 0 ? ` (${JSON.stringify(progress.rows.slice(0, 3))})` : ''),
  );
  if (progress.rows.length > 0) failures.push("a project's funds raised differ from its counted gifts");

  printAgainstTpcb(tpcb, apiSides, rawSides, WAYS, leanSides);

  console.log('\nnpm run ledger:check on the bench database:');
  const code = await ledgerCheckCli(databaseUrl);
  if (code !== 0) failures.push(`npm run ledger:check exited with ${code}`);

  reportFailures(failures, 'Ledger check: the books balance.');
  const missed = printSummary(tpcb, apiSides, rawSides, WAYS, windows, loadAtStart, code === 0, leanSides);
  if (missed > 0 && STRICT) {
    console.error(`BENCH_STRICT=1: ${missed} target${missed === 1 ? '' : 's'} missed`);
    process.exitCode = 1;
  }
}

/** Every window's rate, and its share of TPC-B's, with its latencies. */
function printAgainstTpcb(
  tpcb: Tpcb | undefined,
  apiSides: Map<string, Side>,
  rawSides: Map<string, RawSide>,
  ways: Way[],
  leanSides: Map<Layout, RawSide>,
) {
  const base = tpcb?.spread.tps;
  const share = (rate: number) => (base ? (rate / base).toFixed(2) : '-');
  const rows: string[][] = [['', 'per s', 'of TPC-B', 'p50 ms', 'p99 ms', 'done', 'seconds', 'errors']];
  if (tpcb) {
    for (const [name, run] of [
      [`TPC-B (pgbench, scale ${TPCB_SCALE})`, tpcb.spread],
      ['TPC-B, every transaction on one branch', tpcb.hot],
    ] as const) {
      const sorted = sortedOf(run.latenciesMs);
      rows.push([
        name,
        run.tps.toFixed(0),
        share(run.tps),
        fixed(percentile(sorted, 50)),
        fixed(percentile(sorted, 99)),
        String(run.transactions),
        String(SECONDS),
        String(run.failed),
      ]);
    }
  }
  for (const [side, sides] of [
    ['API', apiSides],
    ['raw', rawSides],
  ] as const) {
    for (const way of ways) {
      for (const layout of LAYOUTS) {
        const found = sides.get(sideKey(way, layout));
        if (!found) continue;
        const r = found.result;
        const sorted = sortedOf(r.latenciesMs);
        rows.push([
          `${side}, ${way} gifts, ${layoutLabel(layout)}`,
          rateOf(r).toFixed(0),
          share(rateOf(r)),
          fixed(percentile(sorted, 50)),
          fixed(percentile(sorted, 99)),
          String(r.ok),
          r.seconds.toFixed(1),
          formatErrors(r.errors),
        ]);
      }
    }
  }
  for (const layout of LAYOUTS) {
    const found = leanSides.get(layout);
    if (!found) continue;
    const r = found.result;
    const sorted = sortedOf(r.latenciesMs);
    rows.push([
      `lean function (experiment), wallet gifts, ${layoutLabel(layout)}`,
      rateOf(r).toFixed(0),
      share(rateOf(r)),
      fixed(percentile(sorted, 50)),
      fixed(percentile(sorted, 99)),
      String(r.ok),
      r.seconds.toFixed(1),
      formatErrors(r.errors),
    ]);
  }
  console.log(`\n=== Against pgbench's TPC-B on the same server, ${CONNECTIONS} concurrent ===\n`);
  printTable(rows);
  if (tpcb) {
    for (const [name, run] of [
      ['TPC-B', tpcb.spread],
      ['TPC-B, one branch', tpcb.hot],
    ] as const) {
      if (run.cpu) console.log(`CPU, ${name}: ${formatTpcbCpu(run.cpu)}`);
    }
  }
}

/**
 * Each run against its target, one line each with PASS or MISS: gifts/s through the API as a
 * share of TPC-B's tps (0.3 spread over the projects, 0.2 every gift to one project), p99 under
 * 100 ms, the books balanced after the run. Answers how many targets were missed.
 */
function printSummary(
  tpcb: Tpcb | undefined,
  apiSides: Map<string, Side>,
  rawSides: Map<string, RawSide>,
  ways: Way[],
  windows: Array<{ label: string; cpu: CpuUse | undefined }>,
  loadAtStart: number,
  ledgerCliOk: boolean,
  leanSides: Map<Layout, RawSide>,
): number {
  let missed = 0;
  let total = 0;
  const line = (ok: boolean | undefined, text: string) => {
    if (ok !== undefined) {
      total++;
      if (!ok) missed++;
    }
    console.log(`${ok === undefined ? 'SKIP' : ok ? 'PASS' : 'MISS'}  ${text}`);
  };
  console.log("\n=== Summary: gifts through the API against pgbench's TPC-B on the same server ===");
  if (tpcb) {
    const [spread, hot] = [sortedOf(tpcb.spread.latenciesMs), sortedOf(tpcb.hot.latenciesMs)];
    console.log(
      `TPC-B (-M prepared, ${CONNECTIONS} clients, scale ${TPCB_SCALE}, ${SECONDS} s): ${tpcb.spread.tps.toFixed(0)} tps ` +
        `(without connecting), p50 ${fixed(percentile(spread, 50))} ms, p99 ${fixed(percentile(spread, 99))} ms`,
    );
    console.log(
      `TPC-B with every transaction on one branch (for reference, no target): ${tpcb.hot.tps.toFixed(0)} tps, ` +
        `p50 ${fixed(percentile(hot, 50))} ms, p99 ${fixed(percentile(hot, 99))} ms`,
    );
  }
  const p99Note =
    CONNECTIONS === TARGETS.p99Connections
      ? ''
      : ` (measured at ${CONNECTIONS} concurrent; the target is for ${TARGETS.p99Connections})`;
  for (const way of ways) {
    for (const layout of LAYOUTS) {
      const side = apiSides.get(sideKey(way, layout));
      if (!side) continue;
      const label = `${way} gifts, ${layoutLabel(layout)}`;
      const rate = rateOf(side.result);
      const target = layout === 'spread' ? TARGETS.spread : TARGETS.hot;
      if (tpcb) {
        const ratio = rate / tpcb.spread.tps;
        line(
          ratio >= target,
          `${label}: ${rate.toFixed(0)}/s through the API = ${ratio.toFixed(2)} of TPC-B (target at least ${target.toFixed(1)})`,
        );
      } else line(undefined, `${label}: ${rate.toFixed(0)}/s through the API; no TPC-B to compare with`);
      const p99 = percentile(sortedOf(side.result.latenciesMs), 99);
      line(
        p99 < TARGETS.p99Ms,
        `${label}: p99 ${fixed(p99, 0)} ms through the API (target under ${TARGETS.p99Ms} ms)${p99Note}`,
      );
      line(side.ledgerOk, `${label}: the books balance after the run (checkLedger)`);
    }
  }
  line(ledgerCliOk, 'npm run ledger:check at the end');
  if (rawSides.size > 0 && tpcb) {
    const parts = ways.flatMap((way) =>
      LAYOUTS.flatMap((layout) => {
        const side = rawSides.get(sideKey(way, layout));
        if (!side) return [];
        const rate = rateOf(side.result);
        return [
          `${way}, ${layoutLabel(layout)} ${rate.toFixed(0)}/s = ${(rate / tpcb.spread.tps).toFixed(2)}`,
        ];
      }),
    );
    console.log(`      the same statements sent raw (no target): ${parts.join('; ')}`);
  }
  if (leanSides.size > 0 && tpcb) {
    const parts = LAYOUTS.flatMap((layout) => {
      const side = leanSides.get(layout);
      if (!side) return [];
      const rate = rateOf(side.result);
      const p99 = percentile(sortedOf(side.result.latenciesMs), 99);
      return [
        `${layoutLabel(layout)} ${rate.toFixed(0)}/s = ${(rate / tpcb.spread.tps).toFixed(2)}, p99 ${fixed(p99, 0)} ms`,
      ];
    });
    console.log(`      a wallet gift as one function call, raw (experiment, no target): ${parts.join('; ')}`);
  }
  const busiest = windows
    .filter((w) => w.cpu)
    .reduce<{ label: string; other: number } | undefined>(
      (worst, w) =>
        w.cpu && (!worst || w.cpu.other > worst.other) ? { label: w.label, other: w.cpu.other } : worst,
      undefined,
    );
  console.log(
    `Machine: ${os.cpus().length} CPUs, load average ${loadAtStart.toFixed(2)} at the start and ` +
      `${(os.loadavg()[0] ?? Number.NaN).toFixed(2)} at the end` +
      (busiest
        ? `; other processes took up to ${busiest.other.toFixed(2)} cores in a window (${busiest.label})` +
          (busiest.other > 0.2 ? ': the machine was not quiet, the figures are low' : '')
        : ''),
  );
  console.log(
    `${missed} of ${total} targets missed` +
      (missed > 0
        ? STRICT
          ? ' (BENCH_STRICT=1: the bench fails)'
          : ' (the exit code stays 0 unless BENCH_STRICT=1)'
        : ''),
  );
  return missed;
}

runBench(main);
