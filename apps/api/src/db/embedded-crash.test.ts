import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../modules/ledger/ledger.check.js';
import { DEMO_PASSWORD } from '../seed/demo.js';
import { type ApiProcess, freePort, startApiProcess } from '../testing/api-process.js';
import { openDatabase } from './client.js';

/**
 * `npm start`'s embedded default killed with `kill -9` while gifts and refunds are being written,
 * then started again on the same DATA_DIR: once with its PostgreSQL server left running (orphaned),
 * once with the server killed too (a stale lock, and a crash for the server to recover from). Each
 * time the app comes up, every gift and refund it answered is there, one whose answer was lost is
 * made exactly once when its request is sent again with the same Idempotency-Key, the donor's
 * wallet holds what is left, and the ledger balances.
 */
const SECRET = 'embedded-crash-test-secret-embedded-crash-test';
const GIFT = 100;
/** Each refund gives back part of one answered gift, by the charity's admin. */
const REFUND = 40;
const WRITERS = 3;

interface Sent {
  key: string;
  status: number | 'lost';
  /** A gift answered: its donation, for a refund to take part of. */
  donationId?: number;
  /** A refund: the gift it refunds. */
  refundOf?: number;
  /** A payout asked for, or approved. */
  payout?: 'request' | 'approve';
  payoutId?: number;
  /** A refusal's code, so that a failure says which refusal it was. */
  code?: string;
}

/** The status of an answer, and a refusal's code. */
async function answer(res: Response, entry: Sent) {
  entry.status = res.status;
  if (res.status >= 400)
    entry.code = ((await res.json().catch(() => ({}))) as { error?: { code?: string } }).error?.code;
}

describe('the embedded database when the app is killed mid-write', () => {
  let dataDir: string;
  let api: ApiProcess;
  let port: number;
  let base: string;
  let token: string;
  let charityToken: string;
  let adminToken: string;
  let charityId: number;
  let donorId: number;
  let projectId: number;

  const start = async () => {
    api = startApiProcess({ port, dataDir, secret: SECRET, env: { DEMO_DATA: 'true' } });
    await api.healthy(120_000);
  };

  const give = (key: string) =>
    fetch(`${base}/api/user/donate/project/${projectId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      body: JSON.stringify({ type: 2, amount: GIFT, source: 'wallet' }),
    });

  const refund = (donationId: number, key: string) =>
    fetch(`${base}/api/donation/${donationId}/refund`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${charityToken}`,
        'idempotency-key': key,
      },
      body: JSON.stringify({ amount: REFUND, reason: 'Given by mistake' }),
    });

  const post = (url: string, bearer: string, key: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${bearer}`,
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
  const askPayout = (key: string) =>
    post(`/api/charity/${charityId}/payouts`, charityToken, key, { amount: 1_000 });
  const approvePayout = (id: number, key: string) =>
    post('/api/admin/payouts/approve', adminToken, key, { payout_ids: [id] });

  /** The database the running app uses, as its start wrote it down beside the server. */
  async function appDatabase() {
    const owner = JSON.parse(await readFile(path.join(dataDir, 'postgres', 'owner.json'), 'utf8')) as {
      url: string;
    };
    return openDatabase({ databaseUrl: owner.url, poolSize: 1 });
  }

  async function state() {
    const database = await appDatabase();
    try {
      const client = (database.db as unknown as { $client: pg.Pool }).$client;
      const { rows } = await client.query<{ gifts: string; refunded: string }>(
        "select count(*) as gifts, coalesce(sum(refunded_amount), 0) as refunded from donations where donor_type = 'user' and donor_id = $1",
        [donorId],
      );
      const wallet = await fetch(`${base}/api/user/wallet`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const payouts = await client.query<{ count: string }>(
        'select count(*) from payouts where charity_id = $1',
        [charityId],
      );
      return {
        payouts: Number(payouts.rows[0]?.count),
        gifts: Number(rows[0]?.gifts),
        refunded: Number(rows[0]?.refunded),
        wallet: ((await wallet.json()) as { wallet_amount: number }).wallet_amount,
        problems: await checkLedger(database.db),
      };
    } finally {
      await database.close();
    }
  }

  /**
   * Writers give one gift after another, and a refunder refunds part of each gift answered, until
   * the app stops answering; `kill` runs meanwhile.
   */
  async function giveUntilKilled(kill: () => void): Promise<Sent[]> {
    const sent: Sent[] = [];
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const key = randomUUID();
        const entry: Sent = { key, status: 'lost' };
        sent.push(entry);
        try {
          const res = await give(key);
          await answer(res, entry);
          if (res.status === 201)
            entry.donationId = ((await res.json()) as { donation: { id: number } }).donation.id;
        } catch {
          return;
        }
      }
    };
    const refunder = async () => {
      // Each answered gift is refunded once. (Gifts are answered out of the order they were sent
      // in, so a place in the list of answered gifts can name one already refunded.)
      const refunded = new Set<number>();
      while (!killed) {
        const gift = sent.find((s) => s.donationId !== undefined && !refunded.has(s.donationId));
        if (!gift?.donationId) {
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        refunded.add(gift.donationId);
        const entry: Sent = { key: randomUUID(), status: 'lost', refundOf: gift.donationId };
        sent.push(entry);
        try {
          await answer(await refund(gift.donationId, entry.key), entry);
        } catch {
          return;
        }
      }
    };
    // The charity asks for payouts one after another (until none is left to pay), and a platform
    // admin approves each: paid through the sandbox, outside the request's first transaction.
    const payer = async () => {
      while (!killed) {
        const entry: Sent = { key: randomUUID(), status: 'lost', payout: 'request' };
        sent.push(entry);
        try {
          const res = await askPayout(entry.key);
          await answer(res, entry);
          if (res.status !== 201) return;
          const id = ((await res.json()) as { payout: { id: number } }).payout.id;
          const approval: Sent = { key: randomUUID(), status: 'lost', payout: 'approve', payoutId: id };
          sent.push(approval);
          await answer(await approvePayout(id, approval.key), approval);
        } catch {
          return;
        }
      }
    };
    const writers = [...Array.from({ length: WRITERS }, writer), refunder(), payer()];
    // Let the writers get going: every one has had gifts answered, refunds and payouts too, before
    // the kill (or say what did not get going).
    const started = Date.now();
    const going = () =>
      sent.filter((s) => s.status === 201 && s.refundOf === undefined && s.payout === undefined).length >=
        WRITERS * 5 &&
      sent.filter((s) => s.status === 201 && s.refundOf !== undefined).length >= 3 &&
      sent.filter((s) => s.status === 200 && s.payout === 'approve').length >= 2;
    while (!going()) {
      if (Date.now() - started > 60_000)
        throw new Error(
          `the writers did not get going: ${JSON.stringify(sent.map((s) => [s.payout ?? (s.refundOf ? 'refund' : 'gift'), s.status]))}`,
        );
      await new Promise((r) => setTimeout(r, 10));
    }
    killed = true;
    kill();
    await Promise.all(writers);
    return sent;
  }

  /** Signs a demo person in through the API: their token and id. */
  async function signIn(email: string) {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    return (await login.json()) as { token: string; user: { id: number } };
  }

  async function exited() {
    if (api.process.exitCode === null && api.process.signalCode === null)
      await new Promise((resolve) => api.process.once('exit', resolve));
  }

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-crash-'));
    // As root the embedded server runs as the user "postgres", who must be able to enter the folder.
    await chmod(dataDir, 0o755);
    await start();
    const donor = await signIn('donor@example.org');
    token = donor.token;
    donorId = donor.user.id;
    const charityAdmin = await signIn('charity@example.org');
    charityToken = charityAdmin.token;
    adminToken = (await signIn('admin@example.org')).token;
    const database = await appDatabase();
    try {
      const client = (database.db as unknown as { $client: pg.Pool }).$client;
      // A live project of the charity whose admin refunds.
      const { rows } = await client.query<{ id: string }>(
        `select p.id from projects p where p.status = 2 and p.charity_id in
           (select charity_id from charity_memberships where user_id = $1 and admin_type in (1, 2))
         order by p.id`,
        [charityAdmin.user.id],
      );
      for (const row of rows) {
        projectId = Number(row.id);
        if ((await give(randomUUID())).status === 201) break;
      }
      if (!projectId) throw new Error('no demo project takes a gift');
      const [charity] = (
        await client.query<{ charity_id: string }>('select charity_id from projects where id = $1', [
          projectId,
        ])
      ).rows;
      charityId = Number(charity?.charity_id);
      // Money for payouts: gifts straight to the charity, delivered by the platform (80 -> 85).
      const delivered: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const res = await post(`/api/user/donate/charity/${charityId}`, token, randomUUID(), {
          type: 2,
          amount: 1_000,
        });
        delivered.push(((await res.json()) as { donation: { id: number } }).donation.id);
      }
      const complete = await fetch(`${base}/api/admin/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ donation_ids: delivered }),
      });
      if (complete.status !== 200) throw new Error(`deliver: ${complete.status}`);
    } finally {
      await database.close();
    }
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function killAndRecover(killServerToo: boolean) {
    const before = await state();
    const postmaster = Number(
      (await readFile(path.join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    const sent = await giveUntilKilled(() => {
      api.process.kill('SIGKILL');
      if (killServerToo) process.kill(postmaster, 'SIGKILL');
    });
    await exited();
    const gifts = sent.filter((s) => s.refundOf === undefined && s.payout === undefined);
    const refunds = sent.filter((s) => s.refundOf !== undefined);
    const asked = sent.filter((s) => s.payout === 'request');
    const askedAnswered = asked.filter((s) => s.status === 201);
    const askedLost = asked.filter((s) => s.status === 'lost');
    const answered = gifts.filter((s) => s.status === 201);
    const lost = gifts.filter((s) => s.status === 'lost');
    const refundsAnswered = refunds.filter((s) => s.status === 201);
    const refundsLost = refunds.filter((s) => s.status === 'lost');
    // Every call was answered, or lost to the kill; the charity's last payout may find nothing left.
    const answeredOrLost = (s: Sent) =>
      s.status === 'lost' ||
      s.status === (s.payout === 'approve' ? 200 : 201) ||
      (s.payout === 'request' && s.status === 409);
    expect(sent.filter((s) => !answeredOrLost(s))).toEqual([]);

    await start();
    const after = await state();
    // Every gift and refund answered before the kill is there; the lost ones are there or not, each
    // at most once.
    expect(after.gifts).toBeGreaterThanOrEqual(before.gifts + answered.length);
    expect(after.gifts).toBeLessThanOrEqual(before.gifts + answered.length + lost.length);
    expect(after.refunded).toBeGreaterThanOrEqual(before.refunded + refundsAnswered.length * REFUND);
    expect(after.refunded).toBeLessThanOrEqual(
      before.refunded + (refundsAnswered.length + refundsLost.length) * REFUND,
    );
    expect(after.wallet).toBe(
      before.wallet - (after.gifts - before.gifts) * GIFT + (after.refunded - before.refunded),
    );
    expect(after.payouts).toBeGreaterThanOrEqual(before.payouts + askedAnswered.length);
    expect(after.payouts).toBeLessThanOrEqual(before.payouts + askedAnswered.length + askedLost.length);
    expect(after.problems).toEqual([]);

    // Sent again with their keys, the lost gifts and refunds are made once: now every key is one.
    for (const { key } of lost) expect((await give(key)).status).toBe(201);
    for (const { key } of askedLost) expect([201, 409]).toContain((await askPayout(key)).status);
    for (const { key, refundOf } of refundsLost)
      expect((await refund(refundOf as number, key)).status).toBe(201);
    const settled = await state();
    expect(settled.gifts).toBe(before.gifts + answered.length + lost.length);
    expect(settled.refunded).toBe(before.refunded + (refundsAnswered.length + refundsLost.length) * REFUND);
    expect(settled.wallet).toBe(
      before.wallet - (answered.length + lost.length) * GIFT + (settled.refunded - before.refunded),
    );
    expect(settled.problems).toEqual([]);
  }

  it('comes up with its server still running (orphaned): nothing committed lost, nothing doubled', async () => {
    await killAndRecover(false);
  }, 180_000);

  it('comes up after its server was killed too (a stale lock, crash recovery): nothing lost, nothing doubled', async () => {
    await killAndRecover(true);
  }, 180_000);
});
