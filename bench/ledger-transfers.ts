import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { Database } from '../apps/api/src/db/client.js';
import { businesses, businessMemberships, users } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
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
  onOneConnection,
  openPool,
  openSetupDatabase,
  type PhaseResult,
  printComparison,
  rawPhase,
  reportFailures,
  runBench,
  sleep,
  startApi,
} from './support.js';

const { SECONDS, CONNECTIONS, WARMUP_SECONDS, POOL_SIZE, CURRENCY } = comparisonSettings();
/** Wallet pairs (organisation and sub-business); connection k uses pair k % PAIRS. */
const PAIRS = intFromEnv('BENCH_PAIRS', CONNECTIONS, 1, CONNECTIONS);
/** Each organisation's starting wallet, in minor units; transfers move 100 to 299 back and forth. */
const FUNDS = 10_000_000;
const PASSWORD = 'Bench-Password-1';
const EMAIL = 'owner@bench.test';
const TRANSFER_PATH = '/api/organisation/transfer_funds';
/** The whole run stops by itself after this, whatever happens. */
const HARD_LIMIT_MS = (2 * (SECONDS + WARMUP_SECONDS) + 120) * 1000;

const _apiDir = fileURLToPath(new URL('../apps/api/', import.meta.url));

interface Pair {
  parent: number;
  child: number;
}

// ---------------------------------------------------------------------------------------------
// Data: one user, Super Admin of PAIRS organisations, each with one funded sub-business.

async function setUp(database: Database): Promise<{ pairs: Pair[]; ownerId: number }> {
  const db = database.db;
  const [owner] = await db
    .insert(users)
    .values({
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Bench',
      lastName: 'Owner',
      isActive: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!owner) throw new Error('could not create the user');
  const ledger = ledgerService(CURRENCY, () => new Date());
  const pairs: Pair[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const [parent] = await db
      .insert(businesses)
      .values({ name: `Bench organisation ${i + 1}`, approvalStatus: 'approved', createdAt: new Date() })
      .returning({ id: businesses.id });
    if (!parent) throw new Error('could not create an organisation');
    const [child] = await db
      .insert(businesses)
      .values({
        name: `Bench sub-business ${i + 1}`,
        approvalStatus: 'approved',
        parentId: parent.id,
        createdAt: new Date(),
      })
      .returning({ id: businesses.id });
    if (!child) throw new Error('could not create a sub-business');
    await db.insert(businessMemberships).values([
      { businessId: parent.id, userId: owner.id, adminType: 1, createdAt: new Date() },
      { businessId: child.id, userId: owner.id, adminType: 1, createdAt: new Date() },
    ]);
    await db.transaction((tx) =>
      ledger.transfer(
        tx,
        PLATFORM.manual,
        account({ ownerType: 'business', ownerId: parent.id }, 'wallet'),
        FUNDS,
        { kind: 'admin_deposit', description: 'bench funds' },
      ),
    );
    pairs.push({ parent: parent.id, child: child.id });
  }
  return { pairs, ownerId: owner.id };
}

async function logIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const { token } = (await res.json()) as { token?: string };
  if (!token) throw new Error('login gave no token');
  return token;
}

/** Connection k moves 100 + k minor units down to its sub-business, then back up, and so on. */
const amountOf = (k: number) => 100 + (k % 200);
const pairOf = (pairs: Pair[], k: number): Pair => {
  const pair = pairs[k % pairs.length];
  if (!pair) throw new Error('no pair');
  return pair;
};

// ---------------------------------------------------------------------------------------------
// Through the API: one autocannon instance per connection, so that each connection keeps its own
// pair of wallets and strictly alternates direction.

function runApi(port: number, token: string, pairs: Pair[], seconds: number): Promise<PhaseResult> {
  return apiPhase({
    port,
    connections: CONNECTIONS,
    seconds,
    okStatus: 200,
    connection: (k) => {
      const { parent, child } = pairOf(pairs, k);
      const amount = amountOf(k);
      const body = (from: number, to: number) =>
        JSON.stringify({ from_business_id: from, to_business_id: to, amount });
      return {
        timeout: 10,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        requests: [
          { method: 'POST', path: TRANSFER_PATH, body: body(parent, child) },
          { method: 'POST', path: TRANSFER_PATH, body: body(child, parent) },
        ],
      };
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The same ledger SQL by hand (what ledgerService.post and ledgerRepository send, statement for
// statement, with every value a parameter as drizzle sends it).

const SQL = {
  ensureAccounts: `insert into ledger_accounts (owner_type, owner_id, kind, currency, allow_negative, created_at)
    values ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12) on conflict do nothing`,
  lockAccounts: `select id, owner_type, owner_id, kind, currency, balance, allow_negative, created_at
    from ledger_accounts
    where (owner_type = $1 and owner_id = $2 and kind = $3 and currency = $4)
       or (owner_type = $5 and owner_id = $6 and kind = $7 and currency = $8)
    order by id asc for update`,
  insertTransaction: `insert into ledger_transactions (kind, description, currency, created_by, reference, created_at)
    values ($1, $2, $3, $4, $5, $6) returning id`,
  insertEntries: `insert into ledger_entries (transaction_id, account_id, amount, created_at)
    values ($1, $2, $3, $4), ($5, $6, $7, $8)`,
  addToBalance: 'update ledger_accounts set balance = balance + $1 where id = $2',
};

interface LockedAccount {
  id: string;
  owner_id: string;
  balance: string;
  allow_negative: boolean;
}

class InsufficientFunds extends Error {}

async function rawTransfer(pool: pg.Pool, from: number, to: number, amount: number, createdBy: number) {
  await onOneConnection(pool, async (client) => {
    await client.query('begin');
    const at = new Date().toISOString();
    await client.query(SQL.ensureAccounts, [
      'business',
      from,
      'wallet',
      CURRENCY,
      false,
      at,
      'business',
      to,
      'wallet',
      CURRENCY,
      false,
      at,
    ]);
    const locked = await client.query<LockedAccount>(SQL.lockAccounts, [
      'business',
      from,
      'wallet',
      CURRENCY,
      'business',
      to,
      'wallet',
      CURRENCY,
    ]);
    const fromRow = locked.rows.find((row) => Number(row.owner_id) === from);
    const toRow = locked.rows.find((row) => Number(row.owner_id) === to);
    if (!fromRow || !toRow) throw new Error('accounts could not be locked');
    if (Number(fromRow.balance) - amount < 0 && !fromRow.allow_negative) throw new InsufficientFunds();
    const inserted = await client.query<{ id: string }>(SQL.insertTransaction, [
      'transfer',
      'Bench raw transfer',
      CURRENCY,
      createdBy,
      JSON.stringify({ from_business_id: from, to_business_id: to }),
      at,
    ]);
    const transactionId = inserted.rows[0]?.id;
    if (!transactionId) throw new Error('insert returned no row');
    await client.query(SQL.insertEntries, [
      transactionId,
      fromRow.id,
      -amount,
      at,
      transactionId,
      toRow.id,
      amount,
      at,
    ]);
    await client.query(SQL.addToBalance, [-amount, fromRow.id]);
    await client.query(SQL.addToBalance, [amount, toRow.id]);
    await client.query('commit');
  });
}

function runRaw(pool: pg.Pool, pairs: Pair[], ownerId: number, seconds: number): Promise<PhaseResult> {
  return rawPhase({
    connections: CONNECTIONS,
    seconds,
    step: (k) => {
      const { parent, child } = pairOf(pairs, k);
      const amount = amountOf(k);
      let down = true;
      return async () => {
        const [from, to] = down ? [parent, child] : [child, parent];
        down = !down;
        await rawTransfer(pool, from, to, amount, ownerId);
      };
    },
    describe: (error) =>
      error instanceof InsufficientFunds
        ? 'insufficient funds'
        : `${error instanceof Error ? error.message : error}`.slice(0, 80),
  });
}

// ---------------------------------------------------------------------------------------------

async function lastTransactionId(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ id: string | null }>('select max(id) as id from ledger_transactions');
  return Number(result.rows[0]?.id ?? 0);
}

async function countTransactions(pool: pg.Pool, after: number, upTo: number): Promise<number> {
  const result = await pool.query<{ n: number }>(
    `select count(*)::int as n from ledger_transactions where kind = 'transfer' and id > $1 and id <= $2`,
    [after, upTo],
  );
  return result.rows[0]?.n ?? 0;
}

async function main() {
  const { databaseUrl, dataDir } = await benchStart(ADMIN_URL, HARD_LIMIT_MS);

  const port = await freePort();
  const startedAt = performance.now();
  const { server } = await startApi(databaseUrl, dataDir, port, randomBytes(32).toString('hex'), {
    CURRENCY,
  });
  const startSeconds = (performance.now() - startedAt) / 1000;

  const database = await openSetupDatabase(databaseUrl);
  const { pairs, ownerId } = await setUp(database);
  const token = await logIn(port);

  const { pool, version } = await openPool(databaseUrl, POOL_SIZE, 'close the raw pool');

  console.log(
    `Kindred ledger benchmark: ${SECONDS} s per side, ${CONNECTIONS} concurrent, ${pairs.length} wallet pairs, ` +
      `pool ${POOL_SIZE}, PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} CPUs ` +
      `(${os.cpus()[0]?.model.trim() ?? '?'}); API started in ${startSeconds.toFixed(1)} s`,
  );

  await runApi(port, token, pairs, WARMUP_SECONDS);
  await sleep(300); // requests cut off when autocannon stops may still commit
  const apiFirst = await lastTransactionId(pool);
  let cpu = await cpuSnapshot(pool, server.pid);
  const api = await runApi(port, token, pairs, SECONDS);
  const apiCpu = cpuSince(cpu, server.pid);
  await sleep(300);
  const apiLast = await lastTransactionId(pool);

  await runRaw(pool, pairs, ownerId, WARMUP_SECONDS);
  const rawFirst = await lastTransactionId(pool);
  cpu = await cpuSnapshot(pool, undefined);
  const raw = await runRaw(pool, pairs, ownerId, SECONDS);
  const rawCpu = cpuSince(cpu, undefined);
  const rawLast = await lastTransactionId(pool);

  printComparison('transfers', 95, api, raw, apiCpu, rawCpu);
  const apiCommitted = await countTransactions(pool, apiFirst, apiLast);
  const rawCommitted = await countTransactions(pool, rawFirst, rawLast);
  console.log(
    `Committed in the database: API ${apiCommitted} (answered 200: ${api.ok}), raw ${rawCommitted} (counted: ${raw.ok})`,
  );

  const failures: string[] = [];
  const problems = await checkLedger(database.db);
  if (problems.length > 0) failures.push(`ledger check: ${JSON.stringify(problems.slice(0, 5))}`);
  const ids = pairs.flatMap((p) => [p.parent, p.child]);
  const totals = await pool.query<{ owner_id: string; balance: string }>(
    `select owner_id, balance from ledger_accounts where owner_type = 'business' and kind = 'wallet'
       and currency = $1 and owner_id = any($2::bigint[])`,
    [CURRENCY, ids],
  );
  const balance = new Map(totals.rows.map((r) => [Number(r.owner_id), Number(r.balance)]));
  for (const p of pairs) {
    const sum = (balance.get(p.parent) ?? 0) + (balance.get(p.child) ?? 0);
    if (sum !== FUNDS) failures.push(`pair ${p.parent}/${p.child} holds ${sum}, not ${FUNDS}`);
  }
  if (apiCommitted < api.ok || apiCommitted > api.ok + CONNECTIONS) {
    failures.push(`API: ${api.ok} answered 200 but ${apiCommitted} committed`);
  }
  if (rawCommitted !== raw.ok) failures.push(`raw: ${raw.ok} counted but ${rawCommitted} committed`);
  if (api.ok === 0 || raw.ok === 0) failures.push('a side made no transfer');
  reportFailures(failures, 'Ledger check: the books balance.');
}

runBench(main);
