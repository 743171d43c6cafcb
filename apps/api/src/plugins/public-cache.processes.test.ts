import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../db/cache-notifications.js';
import { hashPassword } from '../lib/passwords.js';
import { isoDay } from '../lib/periods.js';
import { users } from '../modules/users/users.table.js';
import { type ApiProcess, startApiProcess } from '../testing/api-process.js';
import { GOOD_CARD } from '../testing/money.js';
import { freshDatabase } from '../testing/template.js';

/**
 * Two real API processes on one PostgreSQL database, each with its own public cache: what one
 * process's write changes shows through the other at once (LISTEN/NOTIFY), also after the other's
 * listening connection was cut. Entries live 10 minutes here, so only a notice can explain a
 * fresh answer.
 */
/** The fields of the answers read here. */
interface Answer {
  title?: string;
  items?: Array<{ title?: string }>;
  funds_raised?: number;
  donors_count?: number;
}

const SECRET = 'public-cache-processes-secret-public-cache-processes';
const PASSWORD = 'Cache-Password-1';

describe('the public cache across API processes (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDirs: string[] = [];
  let writer: ApiProcess;
  let reader: ApiProcess;
  const basePort = 5000 + Math.floor(Math.random() * 800);
  let adminToken: string;
  let donorToken: string;
  let projectId: number;

  async function login(email: string) {
    return (
      await writer.call<{ token: string }>('POST', '/api/auth/login', undefined, {
        email,
        password: PASSWORD,
      })
    ).token;
  }

  const cacheOf = async (server: ApiProcess) =>
    (await server.call<{ cache: { hits: number } }>('GET', '/api/health')).cache;

  /** Reads anonymously through `server` until `done` holds, up to `ms`; answers how long it took. */
  async function until(server: ApiProcess, p: string, done: (body: Answer) => boolean, ms: number) {
    const started = performance.now();
    let last: Answer | undefined;
    while (performance.now() - started < ms) {
      const body: Answer = await server.call('GET', p);
      last = body;
      if (done(body)) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${p} through the reader still answers ${JSON.stringify(last).slice(0, 300)}`);
  }

  beforeAll(async () => {
    database = await freshDatabase();
    const now = new Date();
    const hash = await hashPassword(PASSWORD);
    for (const [email, isIicAdmin] of [
      ['platform@example.org', true],
      ['charity@example.org', false],
      ['donor@example.org', false],
    ] as const) {
      await database.db.insert(users).values({
        createdAt: now,
        updatedAt: now,
        email,
        passwordHash: hash,
        firstName: 'Casey',
        lastName: 'Cache',
        isActive: true,
        isIicAdmin,
        adminType: isIicAdmin ? 2 : null,
      });
    }
    const servers: ApiProcess[] = [];
    for (const offset of [0, 1]) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-cache-processes-'));
      dataDirs.push(dataDir);
      servers.push(
        startApiProcess({
          port: basePort + offset,
          databaseUrl: database.url,
          dataDir,
          secret: SECRET,
          logLevel: 'fatal',
          env: { PUBLIC_CACHE_TTL_MS: '600000' },
        }),
      );
    }
    [writer, reader] = servers as [ApiProcess, ApiProcess];
    await Promise.all(servers.map((server) => server.healthy(90_000)));

    const platformToken = await login('platform@example.org');
    adminToken = await login('charity@example.org');
    donorToken = await login('donor@example.org');
    const charity = await writer.call<{ id: number }>('POST', '/api/charity', platformToken, {
      name: 'Two Process Trust',
      charity_types: [3],
      admin_email: 'charity@example.org',
    });
    const project = await writer.call<{ id: number }>('POST', '/api/project/create', adminToken, {
      title: 'Orchard replanting',
      description: 'Plant the old orchard again.',
      charity_id: charity.id,
      funds_target: 100_000,
      end_date: isoDay(new Date(Date.now() + 30 * 86_400_000)),
    });
    projectId = project.id;
    await writer.call('PATCH', `/api/project/update/${projectId}`, adminToken, { status: 2 });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([writer?.stop(), reader?.stop()]);
    await database?.close();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    dataDirs = [];
  });

  it('shows an edit made through one process on the public page of the other at once', async () => {
    const page = `/api/project/${projectId}`;
    const list = '/api/explore/project/list?q=orchard';
    // the notices of the set-up's writes have arrived
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await reader.call<Answer>('GET', page)).title).toBe('Orchard replanting');
    expect((await reader.call<Answer>('GET', list)).items?.[0]?.title).toBe('Orchard replanting');
    // the reader now answers both from memory
    const before = await cacheOf(reader);
    await reader.call('GET', page);
    await reader.call('GET', list);
    expect((await cacheOf(reader)).hits).toBe(before.hits + 2);

    await writer.call('PATCH', page, adminToken, { title: 'Orchard replanting and pruning' });
    const ms = await until(reader, page, (body) => body.title === 'Orchard replanting and pruning', 2000);
    await until(reader, list, (body) => body.items?.[0]?.title === 'Orchard replanting and pruning', 500);
    expect(ms).toBeLessThan(2000);
  });

  it("shows a gift made through one process in the other's progress at once", async () => {
    const summary = `/api/project/${projectId}/summary`;
    const { funds_raised: raised, donors_count: donors } = await reader.call<Required<Answer>>(
      'GET',
      summary,
    );
    await reader.call('GET', summary);
    const deposit = await writer.call<{ payment: { id: number } }>('POST', '/api/user/deposit', donorToken, {
      amount: 3000,
      card: GOOD_CARD,
    });
    await writer.call('POST', '/api/user/deposit/confirm', donorToken, { payment_id: deposit.payment.id });
    await writer.call('POST', `/api/user/donate/project/${projectId}`, donorToken, {
      type: 2,
      amount: 3000,
    });
    await until(
      reader,
      summary,
      (body) => body.funds_raised === raised + 3000 && body.donors_count === donors + 1,
      2000,
    );
  });

  it('catches up after its listening connection is cut, and listens again', async () => {
    const page = `/api/project/${projectId}`;
    await reader.call('GET', page);
    await reader.call('GET', page);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // both processes' listening connections (the writer's comes back too)
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = $1`,
        [LISTENER_NAME],
      );
      expect(cut.rowCount).toBeGreaterThanOrEqual(1);
      await writer.call('PATCH', page, adminToken, { title: 'Orchard after the outage' });
      await until(reader, page, (body) => body.title === 'Orchard after the outage', 5000);
      // listening again: the next edit comes through as quickly as before
      let listening = 0;
      for (let i = 0; i < 100 && listening < 2; i++) {
        const rows = await admin.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and application_name = $1`,
          [LISTENER_NAME],
        );
        listening = rows.rows[0]?.n ?? 0;
        if (listening < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(listening).toBe(2);
      await reader.call('GET', page);
      await writer.call('PATCH', page, adminToken, { title: 'Orchard in bloom' });
      await until(reader, page, (body) => body.title === 'Orchard in bloom', 2000);
    } finally {
      await admin.end();
    }
  });
});
