import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_TYPE } from '@kindred/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, businessMemberships, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { type ApiProcess, freePort, startApiProcess } from '../../testing/api-process.js';
import { freshDatabase } from '../../testing/template.js';
import { checkLedger } from '../ledger/ledger.check.js';
import { account, ledgerService, PLATFORM } from '../ledger/ledger.service.js';

/**
 * Money under contention: two API processes on one database take hundreds of parallel transfers
 * over the same two wallets.
 */
const SECRET = 'concurrency-test-secret-concurrency-test-secret';
const PASSWORD = 'Concurrency-Password-1';
const MOVEMENTS = 240;
const START = 50_000;

describe('concurrent money movement on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  const servers: ApiProcess[] = [];
  // Ports the system hands out (a guess may meet another server of the machine).
  const ports: number[] = [];

  /**
   * A person who is Super Admin of an organisation and of its sub-business, the organisation's
   * wallet funded, signed in to the first process. The API processes run on the machine's clock,
   * so the rows made here are stamped with it too.
   */
  async function organisationWithSubBusiness(email: string, names: [string, string], funds: number) {
    const db = database.db;
    const now = new Date();
    const [owner] = await db
      .insert(users)
      .values({
        createdAt: now,
        updatedAt: now,
        email,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Olive',
        lastName: 'Owner',
        isActive: true,
      })
      .returning({ id: users.id });
    const [parent] = await db
      .insert(businesses)
      .values({ createdAt: now, name: names[0], approvalStatus: 'approved' })
      .returning();
    const [child] = await db
      .insert(businesses)
      .values({ createdAt: now, name: names[1], approvalStatus: 'approved', parentId: parent?.id })
      .returning();
    if (!owner || !parent || !child) throw new Error('setup failed');
    await db.insert(businessMemberships).values([
      { createdAt: now, businessId: parent.id, userId: owner.id, adminType: ADMIN_TYPE.superAdmin },
      { createdAt: now, businessId: child.id, userId: owner.id, adminType: ADMIN_TYPE.superAdmin },
    ]);
    const ledger = ledgerService('INR', () => now);
    await db.transaction((tx) =>
      ledger.transfer(
        tx,
        PLATFORM.manual,
        account({ ownerType: 'business', ownerId: parent.id }, 'wallet'),
        funds,
        {
          kind: 'admin_deposit',
          description: 'start',
        },
      ),
    );
    const login = await fetch(`http://127.0.0.1:${ports[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    return { parent, child, token, ledger };
  }

  beforeAll(async () => {
    database = await freshDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-concurrency-'));
    ports.push(await freePort(), await freePort());
    for (const port of ports) {
      servers.push(startApiProcess({ port, databaseUrl: database.url, dataDir, secret: SECRET }));
    }
    await Promise.all(servers.map((server) => server.healthy(30_000)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serialises parallel transfers between two wallets: no lost update, nothing below zero, books balanced', async () => {
    const db = database.db;
    const { parent, child, token, ledger } = await organisationWithSubBusiness(
      'owner@concurrency.test',
      ['Parent', 'Child'],
      START,
    );

    const movements = Array.from({ length: MOVEMENTS }, (_, i) => ({
      down: i % 3 !== 2,
      amount: 100 + ((i * 7919) % 900),
      port: ports[i % 2],
    }));
    const results = await Promise.all(
      movements.map(async (m) => {
        const res = await fetch(`http://127.0.0.1:${m.port}/api/organisation/transfer_funds`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            from_business_id: m.down ? parent.id : child.id,
            to_business_id: m.down ? child.id : parent.id,
            amount: m.amount,
          }),
        });
        return { ...m, status: res.status };
      }),
    );
    const statuses = new Set(results.map((r) => r.status));
    expect(
      [...statuses].every((s) => s === 200 || s === 409),
      `statuses ${[...statuses]}`,
    ).toBe(true);
    const succeeded = results.filter((r) => r.status === 200);
    expect(succeeded.length).toBeGreaterThan(MOVEMENTS / 2);

    const expectedChild = succeeded.reduce((sum, r) => sum + (r.down ? r.amount : -r.amount), 0);
    const parentWallet = (await ledger.balances(db, { ownerType: 'business', ownerId: parent.id })).wallet;
    const childWallet = (await ledger.balances(db, { ownerType: 'business', ownerId: child.id })).wallet;
    expect(childWallet).toBe(expectedChild);
    expect(parentWallet).toBe(START - expectedChild);
    expect(parentWallet).toBeGreaterThanOrEqual(0);
    expect(childWallet).toBeGreaterThanOrEqual(0);
    expect(await checkLedger(db)).toEqual([]);
  }, 120_000);

  it('gives the same answer for one Idempotency-Key sent to both processes at once, refusals included', async () => {
    const db = database.db;
    const { parent, child, token } = await organisationWithSubBusiness(
      'keys@concurrency.test',
      ['Keys Parent', 'Keys Child'],
      3_000,
    );
    // Money moves both ways under many keys at once, so whether a transfer fits changes from one
    // moment to the next; each key is sent to both processes at the same time.
    const keys = Array.from({ length: 80 }, (_, i) => ({
      key: `pair-${i}`,
      down: i % 2 === 0,
      amount: 500 + ((i * 7919) % 2_000),
    }));
    const answers = await Promise.all(
      keys.map(async (k) => {
        const send = async (port: number | undefined) => {
          const res = await fetch(`http://127.0.0.1:${port}/api/organisation/transfer_funds`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${token}`,
              'idempotency-key': k.key,
            },
            body: JSON.stringify({
              from_business_id: k.down ? parent.id : child.id,
              to_business_id: k.down ? child.id : parent.id,
              amount: k.amount,
            }),
          });
          return { status: res.status, body: await res.text() };
        };
        const [a, b] = await Promise.all([send(ports[0]), send(ports[1])]);
        return { key: k.key, a, b };
      }),
    );
    const statuses = new Set(answers.flatMap((x) => [x.a.status, x.b.status]));
    expect(
      [...statuses].every((s) => s === 200 || s === 409),
      `statuses ${[...statuses]}`,
    ).toBe(true);
    const differing = answers.filter((x) => x.a.status !== x.b.status || x.a.body !== x.b.body);
    expect(differing.map((x) => `${x.key}: ${x.a.status} / ${x.b.status}`)).toEqual([]);
    expect(await checkLedger(db)).toEqual([]);
  }, 120_000);
});
