import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/helpers.js';
import { checkLedger } from './ledger.check.js';
import { account, ledgerPosting, ledgerService, type Owner, PLATFORM } from './ledger.service.js';
import { ledgerAccounts, ledgerEntries } from './ledger.table.js';

const t = useTestApp();
const ledger = ledgerService('INR', () => new Date('2026-11-22T09:00:00Z'));
const alice = { ownerType: 'user', ownerId: 101 } as const;
const bob = { ownerType: 'user', ownerId: 102 } as const;

const db = () => t.ctx.database.db;
const fund = (owner: Owner, amount: number) =>
  db().transaction((tx) =>
    ledger.transfer(tx, PLATFORM.provider, account(owner, 'wallet'), amount, {
      kind: 'deposit',
      description: 'test',
    }),
  );

describe('the ledger', () => {
  it('moves money between wallets and keeps the books balanced', async () => {
    await fund(alice, 10_000);
    await db().transaction((tx) =>
      ledger.transfer(tx, account(alice, 'wallet'), account(bob, 'wallet'), 2_500, {
        kind: 'transfer',
        description: 't',
      }),
    );
    expect((await ledger.balances(db(), alice)).wallet).toBe(7_500);
    expect((await ledger.balances(db(), bob)).wallet).toBe(2_500);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('refuses to take a wallet below zero and writes nothing', async () => {
    const before = await db()
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerEntries);
    await expect(
      db().transaction((tx) =>
        ledger.transfer(tx, account(bob, 'wallet'), account(alice, 'wallet'), 2_501, {
          kind: 'transfer',
          description: 't',
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_FUNDS' });
    const after = await db()
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerEntries);
    expect(after).toEqual(before);
    expect((await ledger.balances(db(), bob)).wallet).toBe(2_500);
  });

  it('holds, releases and captures', async () => {
    await db().transaction((tx) =>
      ledger.hold(tx, alice, 1_000, { kind: 'hold', description: 'donation 1' }),
    );
    expect(await ledger.balances(db(), alice)).toMatchObject({ wallet: 6_500, held: 1_000 });
    await db().transaction((tx) =>
      ledger.release(tx, alice, 400, { kind: 'release', description: 'rejected' }),
    );
    const project = { ownerType: 'project', ownerId: 5 } as const;
    await db().transaction((tx) =>
      ledger.capture(tx, alice, account(project, 'project_funds'), 600, {
        kind: 'capture',
        description: 'approved',
      }),
    );
    expect(await ledger.balances(db(), alice)).toMatchObject({ wallet: 6_900, held: 0 });
    expect((await ledger.balances(db(), project)).projectFunds).toBe(600);
    await expect(
      db().transaction((tx) => ledger.release(tx, alice, 1, { kind: 'release', description: 'x' })),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await checkLedger(db())).toEqual([]);
  });

  it('refuses amounts that are not whole, positive and sane', async () => {
    for (const amount of [0, -5, 1.5, Number.NaN, 2e15]) {
      await expect(
        db().transaction((tx) =>
          ledger.transfer(tx, account(alice, 'wallet'), account(bob, 'wallet'), amount, {
            kind: 't',
            description: 't',
          }),
        ),
      ).rejects.toMatchObject({ statusCode: 400 });
    }
  });

  it('refuses entries that do not sum to zero', async () => {
    await expect(
      db().transaction((tx) =>
        ledgerPosting('INR', () => new Date('2026-11-22T09:00:00Z'))(tx, {
          kind: 'broken',
          description: 'x',
          postings: [
            { account: account(alice, 'wallet'), amount: -10 },
            { account: account(bob, 'wallet'), amount: 11 },
          ],
        }),
      ),
    ).rejects.toThrow(/sum to zero/);
  });

  it('keeps entries append-only, and a database constraint stops a negative wallet', async () => {
    await expect(db().execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(
      db().update(ledgerAccounts).set({ balance: -1 }).where(eq(ledgerAccounts.kind, 'wallet')),
    ).rejects.toThrow();
    expect(await checkLedger(db())).toEqual([]);
  });

  it('finds a cached balance that disagrees with its entries', async () => {
    await db().transaction(async (tx) => {
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + 1` })
        .where(eq(ledgerAccounts.kind, 'credits'));
    });
    // No credits account exists yet: nothing changed, the books still balance.
    expect(await checkLedger(db())).toEqual([]);
    const [wallet] = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerId, bob.ownerId));
    await db()
      .update(ledgerAccounts)
      .set({ balance: (wallet?.balance ?? 0) + 7 })
      .where(eq(ledgerAccounts.id, wallet?.id ?? 0));
    const problems = await checkLedger(db());
    expect(problems.map((p) => p.rule)).toEqual(
      expect.arrayContaining([
        'all balances per currency sum to zero',
        'each cached balance equals the sum of its entries',
      ]),
    );
    await db()
      .update(ledgerAccounts)
      .set({ balance: wallet?.balance ?? 0 })
      .where(eq(ledgerAccounts.id, wallet?.id ?? 0));
    expect(await checkLedger(db())).toEqual([]);
  });
  it('answers an owner’s balances inside a transaction as its movements left them', async () => {
    const carol = { ownerType: 'user' as const, ownerId: 103 };
    const dan = { ownerType: 'user' as const, ownerId: 104 };
    await fund(carol, 5_000);
    await fund(dan, 1_000);
    const meta = { kind: 'transfer', description: 't' };
    const seen = await db().transaction(async (tx) => {
      // Carol's accounts as her own movement answered them (she is its first posting's owner)...
      await ledger.transfer(tx, account(carol, 'wallet'), account(dan, 'wallet'), 1_200, meta);
      const afterHers = await ledger.balances(tx, carol);
      await ledger.hold(tx, carol, 300, meta);
      const afterHold = await ledger.balances(tx, carol);
      // ...then moved by one whose first owner is Dan: read again, not the answer kept before.
      await ledger.transfer(tx, account(dan, 'wallet'), account(carol, 'wallet'), 50, meta);
      const afterDans = await ledger.balances(tx, carol);
      // A movement in a savepoint rolled back leaves nothing to read back.
      await tx
        .transaction(async (savepoint) => {
          await ledger.transfer(savepoint, account(carol, 'wallet'), account(dan, 'wallet'), 100, meta);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      const afterRollback = await ledger.balances(tx, carol);
      // One kept: its parent reads what the savepoint wrote, not its own earlier answer.
      await ledger.transfer(tx, account(carol, 'wallet'), account(dan, 'wallet'), 25, meta);
      await tx.transaction((savepoint) =>
        ledger.transfer(savepoint, account(carol, 'wallet'), account(dan, 'wallet'), 25, meta),
      );
      const afterKept = await ledger.balances(tx, carol);
      return { afterHers, afterHold, afterDans, afterRollback, afterKept };
    });
    expect(seen.afterHers).toMatchObject({ wallet: 3_800, held: 0 });
    expect(seen.afterHold).toMatchObject({ wallet: 3_500, held: 300 });
    expect(seen.afterDans).toMatchObject({ wallet: 3_550, held: 300 });
    expect(seen.afterRollback).toMatchObject({ wallet: 3_550, held: 300 });
    expect(seen.afterKept).toMatchObject({ wallet: 3_500, held: 300 });
    expect(await ledger.balances(db(), carol)).toMatchObject({ wallet: 3_500, held: 300 });
    expect(await ledger.balances(db(), dan)).toMatchObject({ wallet: 2_200 });
    expect(await checkLedger(db())).toEqual([]);
  });
});
