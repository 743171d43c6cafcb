import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { hashPassword } from '../lib/passwords.js';
import type { PaymentProvider } from '../modules/payments/provider.js';
import { sandboxProvider } from '../modules/payments/sandbox-provider.js';
import { cities, states } from '../modules/places/places.table.js';
import { users } from '../modules/users/users.table.js';
import { DEMO_ACCOUNTS } from '../seed/demo.js';
import { ukPlaces } from '../seed/places.js';
import { type ApiProcess, freePort, startApiProcess } from '../testing/api-process.js';
import { createTestApp } from '../testing/helpers.js';
import { GOOD_CARD } from '../testing/money.js';
import { adminQuery, freshDatabase } from '../testing/template.js';
import type { Db } from './client.js';

/**
 * What a PostgreSQL restart or failover does to a running API: every backend
 * is terminated (57P01) while requests are in flight, or the database refuses connections for a
 * while. The API process must stay up, answer the requests it cannot serve with 503 in the error
 * format, say so in /api/health, and serve again as soon as the database is back.
 */
const SECRET = 'database-faults-secret-database-faults-secret';
const PASSWORD = 'Faults-Password-1';
const adminUrl = process.env.DATABASE_URL ?? '';

function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

/** Terminates every backend of the database but the caller's: what a restart or failover does. */
async function terminateBackends(name: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const result = await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

function isErrorFormat(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'error') return false;
  const error = (body as { error: Record<string, unknown> }).error;
  return (
    typeof error.code === 'string' &&
    typeof error.message === 'string' &&
    Object.keys(error).every((key) => ['code', 'message', 'details'].includes(key))
  );
}

describe('database faults on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  let server: ApiProcess;
  let port: number;
  let base: string;
  let token: string;

  async function health(): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${base}/api/health`);
    return { status: res.status, body: await res.json() };
  }

  const waitForHealth = (ms?: number) => server.healthy(ms);

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    database = await freshDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-db-faults-'));
    server = startApiProcess({
      port,
      databaseUrl: database.url,
      dataDir,
      secret: SECRET,
      logLevel: 'fatal',
    });
    await waitForHealth(60_000);
    const now = new Date();
    await database.db.insert(users).values({
      createdAt: now,
      updatedAt: now,
      email: 'faults@example.org',
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Fay',
      lastName: 'Faults',
      isActive: true,
    });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'faults@example.org', password: PASSWORD }),
    });
    token = ((await login.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    if (database?.url)
      await adminQuery(adminUrl, `alter database ${databaseName(database.url)} allow_connections true`);
    if (server) {
      await server.stop();
    }
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('survives every backend being terminated during a burst of requests, answering 503 in the error format', async () => {
    const name = databaseName(database.url);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const calls = Array.from({ length: 400 }, (_, i) => {
      switch (i % 4) {
        case 0: // a transaction that waits on the payment provider between its queries
          return {
            url: '/api/user/deposit',
            init: {
              method: 'POST',
              headers: auth,
              body: JSON.stringify({ amount: 100 + i, card: GOOD_CARD }),
            },
          };
        case 1:
          return { url: '/api/user/get', init: { headers: auth } };
        case 2:
          return { url: '/api/user/wallet', init: { headers: auth } };
        default:
          return { url: '/api/explore/project/list?q=river', init: {} };
      }
    });
    let terminated = 0;
    const burst = Promise.all(
      calls.map(async ({ url, init }) => {
        const res = await fetch(`${base}${url}`, init);
        return { url, status: res.status, body: (await res.json()) as unknown };
      }),
    );
    for (let round = 0; round < 20; round++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      terminated += await terminateBackends(name);
    }
    const results = await burst;
    expect(terminated).toBeGreaterThan(0);
    expect(server.process.exitCode, `the API process exited: ${server.errors()}`).toBeNull();
    for (const result of results) {
      expect([200, 201, 503], `${result.url}: ${JSON.stringify(result.body)}`).toContain(result.status);
      if (result.status === 503) {
        expect(isErrorFormat(result.body), JSON.stringify(result.body)).toBe(true);
        expect((result.body as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
      }
    }
    // Served again at once: the pool reconnects.
    await waitForHealth(10_000);
    expect(await health()).toMatchObject({
      status: 200,
      body: { status: 'ok', database: { kind: 'postgres', status: 'up' } },
    });
    const me = await fetch(`${base}/api/user/get`, { headers: auth });
    expect(me.status).toBe(200);
  }, 120_000);

  it('says the database is down in /api/health (503) while it refuses connections, and serves again when it is back', async () => {
    const name = databaseName(database.url);
    await adminQuery(adminUrl, `alter database ${name} allow_connections false`);
    await terminateBackends(name);
    try {
      const down = await health();
      expect(down.status).toBe(503);
      expect(isErrorFormat(down.body)).toBe(true);
      expect(down.body).toMatchObject({
        error: { code: 'DATABASE_UNAVAILABLE', details: { database: { kind: 'postgres', status: 'down' } } },
      });
      const me = await fetch(`${base}/api/user/get`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(503);
      expect(me.headers.get('retry-after')).toBe('5');
      const body = (await me.json()) as { error: { code: string } };
      expect(isErrorFormat(body)).toBe(true);
      expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await adminQuery(adminUrl, `alter database ${name} allow_connections true`);
    }
    await waitForHealth(10_000);
    expect(server.process.exitCode, `the API process exited: ${server.errors()}`).toBeNull();
    const me = await fetch(`${base}/api/user/get`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  }, 60_000);
});

describe('a connection a request holds, on PostgreSQL', () => {
  it('keeps the process up when the backend of a client held in a transaction is terminated (57P01), and answers 503', async () => {
    // The payment provider is called inside the deposit's transaction: hold it there.
    let providerCalled: () => void = () => undefined;
    let letProviderAnswer: () => void = () => undefined;
    const called = new Promise<void>((resolve) => {
      providerCalled = resolve;
    });
    const answer = new Promise<void>((resolve) => {
      letProviderAnswer = resolve;
    });
    let database: (() => Db) | undefined;
    const sandbox = sandboxProvider(
      () => new Date(),
      () => (database as () => Db)(),
    );
    const slowProvider: PaymentProvider = {
      ...sandbox,
      async createPayment(input) {
        providerCalled();
        await answer;
        return sandbox.createPayment(input);
      },
    };
    const t = await createTestApp({}, { paymentProvider: slowProvider });
    database = () => t.ctx.database.db;
    try {
      const person = await t.createUser();
      const deposit = t.request('POST', '/api/user/deposit', {
        token: person.token,
        body: { amount: 500, card: GOOD_CARD },
      });
      await called;
      const url = (t.ctx.database as { url?: string }).url ?? '';
      expect(await terminateBackends(databaseName(url))).toBeGreaterThan(0);
      // The termination reaches the held client while no query runs on it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      letProviderAnswer();
      const res = await deposit;
      expect(res.statusCode).toBe(503);
      expect(isErrorFormat(res.json())).toBe(true);
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
      // The pool opens new connections: the next calls are served, and nothing was paid in.
      expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
      const wallet = await t.request('GET', '/api/user/wallet', { token: person.token });
      expect(wallet.json().wallet_amount).toBe(0);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('two API processes starting together on an empty PostgreSQL database', () => {
  it('both start: one loads the places and demo data under the start-up lock, the other finds them', async () => {
    const name = `kindred_t_boot_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-boot-'));
    const config = loadConfig(
      { DATABASE_URL: url.toString(), DEMO_DATA: 'true', LOG_LEVEL: 'silent' },
      { dataDir },
    );
    try {
      const started = await Promise.allSettled([prepareDatabase(config), prepareDatabase(config)]);
      const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      expect(failures).toEqual([]);
      const [first] = started;
      if (first?.status !== 'fulfilled') throw new Error('not started');
      const db = first.value.db;
      const count = sql<number>`count(*)`.mapWith(Number);
      expect(await db.select({ n: count }).from(states)).toEqual([{ n: ukPlaces().states.length }]);
      expect(await db.select({ n: count }).from(cities)).toEqual([{ n: ukPlaces().cities.length }]);
      const [people] = await db.select({ n: count }).from(users);
      expect(people?.n).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
      for (const s of started) if (s.status === 'fulfilled') await s.value.close();
    } finally {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
