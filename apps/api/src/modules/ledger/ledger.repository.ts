import { and, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { prepared, preparedText } from '../../db/prepared.js';
import { type Keyset, newestFirst } from '../../lib/pagination.js';
import {
  type LedgerAccountKind,
  type LedgerOwnerType,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
} from './ledger.table.js';

export interface AccountRef {
  ownerType: LedgerOwnerType;
  ownerId: number;
  kind: LedgerAccountKind;
}

/** Which entries of an owner a history reads. */
export interface HistoryFilter {
  owner: { ownerType: LedgerOwnerType; ownerId: number };
  currency: string;
  from: Date;
  /** Exclusive. */
  to: Date;
  accounts: LedgerAccountKind[];
  kinds?: string[] | undefined;
  /**
   * One line per held gift (docs/decisions/034): the hold's entry on the wallet or credits stands
   * for the gift; its entry on the held account and the later capture or release are left out.
   */
  foldHolds?: boolean;
}

/** The movements of held money that the hold's own line stands for when holds are folded. */
export const FOLDED_KINDS = ['donation_capture', 'donation_release'];

type NewTransaction = Required<
  Pick<
    typeof ledgerTransactions.$inferInsert,
    'createdAt' | 'kind' | 'description' | 'currency' | 'createdBy' | 'reference' | 'donationId'
  >
>;

/**
 * One movement written by the database's `ledger_post` (migration 0032), answering also the balances
 * of its first posting's owner once it is written (`ledger_post_balances`, migration 0035): one
 * round trip.
 */
const postMovement = preparedText<{ posted: { id: number; balances: Record<string, number> } }>(
  'ledger_post_balances',
  'select ledger_post_balances($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) as posted',
);

/**
 * The balances a movement answered, by the database transaction it was written in (drizzle's
 * session of it, which its savepoints share) and its owner: read back without a round trip by the
 * same executor that wrote them (a gift's answer tells the giver their wallet). They are exact
 * until the transaction ends: the movement holds the owner's accounts locked, and only the ledger
 * writes them. A later movement over the owner's accounts, in the transaction or one of its
 * savepoints, replaces or drops them; a savepoint is an executor of its own, so its answer is not
 * read back by its parent (it may have been rolled back).
 */
const balancesAfterPost = new WeakMap<object, Map<string, { by: Executor; balances: Map<string, number> }>>();
const ownerKey = (ownerType: string, ownerId: number, currency: string) =>
  `${ownerType}:${ownerId}:${currency}`;
/** The SQLSTATEs `ledger_post` refuses with: a balance would fall below zero; the project no longer takes gifts. */
const SHORT_OF_FUNDS = 'KL001';
const PROJECT_NOT_LIVE = 'KL002';

const balancesOf = prepared('ledger_balances', (db) =>
  db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, sql.placeholder('ownerType')),
        eq(ledgerAccounts.ownerId, sql.placeholder('ownerId')),
        eq(ledgerAccounts.currency, sql.placeholder('currency')),
      ),
    ),
);

/** SQL of the ledger. Only the ledger service calls it: no other module writes ledger tables. */
export const ledgerRepository = {
  /**
   * Writes one balanced movement: makes the accounts not there yet, locks them in id order (so
   * that concurrent movements over the same accounts wait for each other instead of
   * deadlocking), refuses one that would take a balance below zero (answering that account's
   * kind), then writes the transaction, its entries in the order given and the balances.
   */
  async post(
    tx: Executor,
    transaction: NewTransaction,
    postings: Array<{ account: AccountRef; amount: number }>,
    whileLive: number | null = null,
  ): Promise<{ id: number } | { short: LedgerAccountKind } | { notLive: number }> {
    try {
      const [row] = await postMovement(tx, [
        transaction.currency,
        transaction.createdAt,
        transaction.kind,
        transaction.description,
        transaction.createdBy,
        JSON.stringify(transaction.reference),
        transaction.donationId,
        postings.map((p) => p.account.ownerType),
        postings.map((p) => p.account.ownerId),
        postings.map((p) => p.account.kind),
        postings.map((p) => p.amount),
        whileLive,
      ]);
      const posted = row?.posted;
      if (!posted) throw new Error('ledger_post_balances answered nothing');
      // Kept only within a transaction: outside one, the accounts are not held after the statement.
      if (!(tx instanceof PgTransaction)) return { id: Number(posted.id) };
      const kept = balancesAfterPost.get(tx._.session) ?? new Map();
      for (const p of postings)
        kept.delete(ownerKey(p.account.ownerType, p.account.ownerId, transaction.currency));
      const [first] = postings;
      if (first)
        kept.set(ownerKey(first.account.ownerType, first.account.ownerId, transaction.currency), {
          by: tx,
          balances: new Map(Object.entries(posted.balances)),
        });
      balancesAfterPost.set(tx._.session, kept);
      return { id: Number(posted.id) };
    } catch (error) {
      const refused = ledgerRepository.refusalOf(error);
      if (refused && 'short' in refused) return refused;
      if (refused && whileLive !== null) return { notLive: whileLive };
      throw error;
    }
  },

  /** What a failed call of `ledger_post` refused: an account's kind short of funds, or the project not live. */
  refusalOf(error: unknown): { short: LedgerAccountKind } | { notLive: true } | undefined {
    const { code, detail } = (error ?? {}) as { code?: string; detail?: string };
    if (code === SHORT_OF_FUNDS) return { short: detail as LedgerAccountKind };
    if (code === PROJECT_NOT_LIVE) return { notLive: true };
    return undefined;
  },

  /** Makes the account if it is not there yet and locks it until the transaction ends. */
  async lock(tx: Executor, ref: AccountRef, currency: string, now: Date): Promise<void> {
    await tx
      .insert(ledgerAccounts)
      .values({ ...ref, currency, allowNegative: ref.ownerType === 'platform', createdAt: now })
      .onConflictDoNothing();
    await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.ownerType, ref.ownerType),
          eq(ledgerAccounts.ownerId, ref.ownerId),
          eq(ledgerAccounts.kind, ref.kind),
          eq(ledgerAccounts.currency, currency),
        ),
      )
      .for('update');
  },

  /** Balances of one owner's accounts by kind (accounts never used read as absent). */
  async balances(db: Executor, ownerType: LedgerOwnerType, ownerId: number, currency: string) {
    const posted =
      db instanceof PgTransaction
        ? balancesAfterPost.get(db._.session)?.get(ownerKey(ownerType, ownerId, currency))
        : undefined;
    if (posted?.by === db) return new Map(posted.balances);
    const rows = await balancesOf(db, { ownerType, ownerId, currency });
    return new Map(rows.map((row) => [row.kind, row.balance]));
  },

  async balancesOfOwners(db: Executor, ownerType: LedgerOwnerType, ownerIds: number[], currency: string) {
    if (ownerIds.length === 0) return [];
    return db
      .select({ ownerId: ledgerAccounts.ownerId, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.ownerType, ownerType),
          inArray(ledgerAccounts.ownerId, ownerIds),
          eq(ledgerAccounts.currency, currency),
        ),
      );
  },

  /**
   * What became of held gifts: for each donation, the kind of its capture or release transaction
   * (none while it is still held). One query for a page of history.
   */
  async settlementsOf(db: Executor, donationIds: number[]) {
    if (donationIds.length === 0) return new Map<number, string>();
    const rows = await db
      .select({ donationId: ledgerTransactions.donationId, kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(
        and(
          inArray(ledgerTransactions.donationId, [...new Set(donationIds)]),
          inArray(ledgerTransactions.kind, FOLDED_KINDS),
        ),
      );
    return new Map(rows.flatMap((row) => (row.donationId === null ? [] : [[row.donationId, row.kind]])));
  },

  /** An owner's entries with their transaction's kind and description, newest first, keyset paged. */
  history(db: Executor, filter: HistoryFilter, page: Keyset) {
    const conditions: SQL[] = [
      eq(ledgerAccounts.ownerType, filter.owner.ownerType),
      eq(ledgerAccounts.ownerId, filter.owner.ownerId),
      eq(ledgerAccounts.currency, filter.currency),
      inArray(ledgerAccounts.kind, filter.accounts),
      gte(ledgerEntries.createdAt, filter.from),
      lt(ledgerEntries.createdAt, filter.to),
    ];
    if (filter.kinds?.length) conditions.push(inArray(ledgerTransactions.kind, filter.kinds));
    if (filter.foldHolds) {
      conditions.push(
        notInArray(ledgerTransactions.kind, FOLDED_KINDS),
        sql`not (${ledgerTransactions.kind} = 'donation_hold' and ${ledgerAccounts.kind} = 'held')`,
      );
    }
    const keyset = newestFirst(ledgerEntries.createdAt, ledgerEntries.id, page.cursor, page.before);
    return db
      .select({
        id: ledgerEntries.id,
        transactionId: ledgerEntries.transactionId,
        createdAt: ledgerEntries.createdAt,
        amount: ledgerEntries.amount,
        account: ledgerAccounts.kind,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        reference: ledgerTransactions.reference,
        donationId: ledgerTransactions.donationId,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(...conditions, ...keyset.conditions))
      .orderBy(...keyset.order)
      .limit(page.limit);
  },
};
export type HistoryRow = Awaited<ReturnType<typeof ledgerRepository.history>>[number];

/** Sums of entries by day (UTC) for the platform statistics. */
export const ledgerTotals = {
  /**
   * Money that reached projects and charities from donations, less money returned from them, by day:
   * entries of donation movements on project and charity funds accounts.
   */
  async dailyDonated(db: Executor, currency: string) {
    return dailySum(
      db,
      currency,
      and(
        inArray(ledgerAccounts.kind, ['project_funds', 'charity_funds']),
        sql`${ledgerTransactions.donationId} is not null`,
      ),
    );
  },

  /** The change of every person's and organisation's wallet, by day. */
  async dailyWallets(db: Executor, currency: string) {
    return dailySum(
      db,
      currency,
      and(eq(ledgerAccounts.kind, 'wallet'), inArray(ledgerAccounts.ownerType, ['user', 'business'])),
    );
  },

  /** Subscription fees organisations paid into the platform's fees account (their invoices), by day. */
  async dailySubscriptionFees(db: Executor, currency: string) {
    return dailySum(
      db,
      currency,
      and(
        eq(ledgerAccounts.kind, 'fees'),
        eq(ledgerAccounts.ownerType, 'platform'),
        eq(ledgerTransactions.kind, 'subscription_invoice'),
      ),
    );
  },

  /** Credits the platform issued (its credits-issued account goes down by what it gives), by day. */
  async dailyCreditsIssued(db: Executor, currency: string) {
    return dailySum(
      db,
      currency,
      and(eq(ledgerAccounts.kind, 'credits_issued'), eq(ledgerAccounts.ownerType, 'platform')),
      -1,
    );
  },
};

/** Entries of the currency on the accounts and movements `where` selects, summed by day (negated when `sign` is -1). */
async function dailySum(db: Executor, currency: string, where: SQL | undefined, sign: 1 | -1 = 1) {
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, value: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(where, eq(ledgerAccounts.currency, currency)))
    .groupBy(day);
  return rows.map((row) => ({ day: row.day, value: sign * Number(row.value) }));
}
