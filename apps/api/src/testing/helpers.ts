import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { hashPassword } from '../lib/passwords.js';
import { checkLedger } from '../modules/ledger/ledger.check.js';
import type { PaymentProvider } from '../modules/payments/provider.js';
import { usersRepository } from '../modules/users/users.repository.js';
import { readOutbox } from './eml.js';
import { freshDatabase } from './template.js';

export const TEST_PASSWORD = 'Correct-Horse-9';
let passwordHash: Promise<string> | undefined;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/**
 * The whole API on a fresh database, with mail written to a temporary outbox, for one test file.
 * Nothing is mocked: the requests go through every plugin and reach the real database.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { now?: () => Date; paymentProvider?: PaymentProvider } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-api-test-'));
  const database = await freshDatabase();
  const config = loadConfig(
    { LOG_LEVEL: 'silent', RATE_LIMITS: 'false', DEMO_DATA: 'false' },
    // The public cache is off unless a test asks for it: many tests change rows straight in the
    // database, which no write reports (plugins/public-cache.test.ts tests the cache).
    { dataDir, publicCacheBytes: 0, ...overrides },
  );
  const { app, ctx, routes, jobs } = await buildApp({
    config,
    database,
    logger: false,
    // Tests run scheduled jobs by hand (t.jobs), never on a timer.
    scheduler: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
  });
  await app.ready();
  let counter = 0;

  async function request(
    method: Method,
    url: string,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return app.inject({
      method,
      url,
      headers,
      ...(options.payload !== undefined
        ? { payload: options.payload }
        : options.body !== undefined
          ? { payload: options.body as object }
          : {}),
    });
  }

  /** An active user straight in the database, and a token for it. */
  async function createUser(
    fields: { email?: string; isIicAdmin?: boolean; adminType?: number | null } = {},
  ) {
    counter += 1;
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const email = fields.email ?? `person${counter}-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const user = await usersRepository.insert(
      ctx.database.db,
      {
        email,
        passwordHash: await passwordHash,
        firstName: 'Test',
        lastName: `Person ${counter}`,
        isActive: true,
        isIicAdmin: fields.isIicAdmin ?? false,
        adminType: fields.adminType ?? null,
      },
      ctx.now(),
    );
    const login = await request('POST', '/api/auth/login', { body: { email, password: TEST_PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    return { id: user.id, email, token: login.json().token as string };
  }

  /**
   * Signs a person in again at the app's current time and keeps the new token on them: a test that
   * moves the clock past a token's hour does what the person would do.
   */
  async function signIn<T extends { email: string; token: string }>(person: T): Promise<T> {
    const login = await request('POST', '/api/auth/login', {
      body: { email: person.email, password: TEST_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    person.token = login.json().token as string;
    return person;
  }

  return {
    app,
    ctx: ctx as AppContext,
    signIn,
    routes,
    jobs,
    request,
    createUser,
    /**
     * Runs the handlers of every event recorded so far, as a worker would just after the commits
     * (matching, sub-group places, the public cache); throws if one failed.
     */
    settle: () => ctx.events.settle(),
    /** The mail delivered so far, oldest first, once the events are handled and the queued notices delivered. */
    outbox: async () => {
      await ctx.events.settle();
      await ctx.notices.deliverDue();
      return readOutbox(path.join(dataDir, 'outbox'));
    },
    /** Closes the app; first checks that the test file left the books balanced. */
    async close() {
      const problems = await checkLedger(ctx.database.db);
      if (problems.length > 0) throw new Error(`ledger check failed: ${JSON.stringify(problems)}`);
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The test app of one test file: started before the file's first test (with createTestApp's
 * arguments) and closed, its ledger checked, after the last. Usable in any hook or test.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(...args);
  });
  afterAll(async () => current?.close());
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('the test app starts in beforeAll: use it in a hook or a test');
      return current[key as keyof TestApp];
    },
  });
}

/** The user ids of a list answer's items (members, admins...), sorted, to compare with a set of people. */
export function sortedUserIds(res: LightMyRequestResponse): number[] {
  return res
    .json()
    .items.map((item: { user_id: number }) => item.user_id)
    .sort();
}

/** How many rows of `table` match a SQL condition: what a test checks was written, or not. */
export async function countRows(t: { ctx: AppContext }, table: string, where = 'true'): Promise<number> {
  const result = (await t.ctx.database.db.execute(
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n);
}

/**
 * Runs `run` while the project is completed, by another statement, the moment a gift's donation to
 * it is written: a gift that read the project Live finds it closed before its money moves. The
 * completion belongs to the gift's own transaction, so a refused gift leaves the project Live.
 */
export async function closingOnItsGift<T>(t: { ctx: AppContext }, projectId: number, run: () => Promise<T>) {
  const db = t.ctx.database.db;
  await db.execute(
    sql.raw(`create function close_project_under_gift() returns trigger language plpgsql as $$
      begin update projects set status = 3 where id = new.project_id; return new; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger close_project_under_gift after insert on donations for each row
      when (new.project_id = ${Number(projectId)}) execute function close_project_under_gift()`),
  );
  try {
    return await run();
  } finally {
    await db.execute(sql.raw('drop trigger close_project_under_gift on donations'));
    await db.execute(sql.raw('drop function close_project_under_gift()'));
  }
}
