import { and, asc, eq, gte, inArray, lt, notInArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/insert.js';
import { prepared } from '../../db/prepared.js';
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
export type AccountRow = typeof ledgerAccounts.$inferSelect;

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

const refKey = (ref: AccountRef) => `${ref.ownerType}:${ref.ownerId}:${ref.kind}`;

type NewTransaction = Required<
  Pick<
    typeof ledgerTransactions.$inferInsert,
    'createdAt' | 'kind' | 'description' | 'currency' | 'createdBy' | 'reference' | 'donationId'
  >
>;

const accountIs = (ref: AccountRef | Record<keyof AccountRef, Placeholder>, currency: string | Placeholder) =>
  and(
    eq(ledgerAccounts.ownerType, ref.ownerType),
    eq(ledgerAccounts.ownerId, ref.ownerId),
    eq(ledgerAccounts.kind, ref.kind),
    eq(ledgerAccounts.currency, currency),
  );

const pairValues = (a: AccountRef, b: AccountRef) => ({
  type1: a.ownerType,
  owner1: a.ownerId,
  kind1: a.kind,
  negative1: a.ownerType === 'platform',
  type2: b.ownerType,
  owner2: b.ownerId,
  kind2: b.kind,
  negative2: b.ownerType === 'platform',
});
const placeholdersOf = (n: 1 | 2) => ({
  ownerType: sql.placeholder(`type${n}`),
  ownerId: sql.placeholder(`owner${n}`),
  kind: sql.placeholder(`kind${n}`),
});

// The statements of a movement between two accounts, built once (db/prepared.ts).
const createPair = prepared('ledger_create_pair', (db) =>
  db
    .insert(ledgerAccounts)
    .values(
      ([1, 2] as const).map((n) => ({
        ...placeholdersOf(n),
        currency: sql.placeholder('currency'),
        allowNegative: sql.placeholder(`negative${n}`),
        createdAt: sql.placeholder('now'),
      })),
    )
    .onConflictDoNothing(),
);
const lockPair = prepared('ledger_lock_pair', (db) =>
  db
    .select()
    .from(ledgerAccounts)
    .where(
      or(
        accountIs(placeholdersOf(1), sql.placeholder('currency')),
        accountIs(placeholdersOf(2), sql.placeholder('currency')),
      ),
    )
    .orderBy(asc(ledgerAccounts.id))
    .for('update'),
);
const insertTransaction = prepared('ledger_insert_transaction', (db) =>
  db
    .insert(ledgerTransactions)
    .values({
      createdAt: sql.placeholder('createdAt'),
      kind: sql.placeholder('kind'),
      description: sql.placeholder('description'),
      currency: sql.placeholder('currency'),
      createdBy: sql.placeholder('createdBy'),
      reference: sql.placeholder('reference'),
      donationId: sql.placeholder('donationId'),
    })
    .returning({ id: ledgerTransactions.id }),
);
const insertEntryPair = prepared('ledger_insert_entry_pair', (db) =>
  db.insert(ledgerEntries).values(
    ([1, 2] as const).map((n) => ({
      transactionId: sql.placeholder('transactionId'),
      accountId: sql.placeholder(`account${n}`),
      amount: sql.placeholder(`amount${n}`),
      createdAt: sql.placeholder(`at${n}`),
    })),
  ),
);
const addToBalance = prepared('ledger_add_to_balance', (db) =>
  db
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} + ${sql.placeholder('delta')}` })
    .where(eq(ledgerAccounts.id, sql.placeholder('id'))),
);
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
  refKey,

  /**
   * Makes sure the accounts exist and locks them, in id order so that concurrent movements over
   * the same accounts wait for each other instead of deadlocking.
   */
  async lockAccounts(
    tx: Executor,
    refs: AccountRef[],
    currency: string,
    now: Date,
  ): Promise<Map<string, AccountRow>> {
    const unique = [...new Map(refs.map((ref) => [refKey(ref), ref])).values()];
    const [a, b] = unique;
    if (unique.length === 2 && a && b) {
      // Most movements are between two accounts: their statements are built once.
      const values = { ...pairValues(a, b), currency, now };
      await createPair(tx, values);
      const rows = await lockPair(tx, values);
      return new Map(rows.map((row) => [refKey(row), row]));
    }
    await tx
      .insert(ledgerAccounts)
      .values(
        unique.map((ref) => ({
          ...ref,
          currency,
          allowNegative: ref.ownerType === 'platform',
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(ledgerAccounts)
      .where(or(...unique.map((ref) => accountIs(ref, currency))))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
    return new Map(rows.map((row) => [refKey(row), row]));
  },

  async insertTransaction(tx: Executor, values: NewTransaction): Promise<number> {
    return insertedRow(await insertTransaction(tx, values)).id;
  },

  async insertEntries(
    tx: Executor,
    transactionId: number,
    entries: Array<{ accountId: number; amount: number; createdAt: Date }>,
  ) {
    const [a, b] = entries;
    if (entries.length === 2 && a && b) {
      await insertEntryPair(tx, {
        transactionId,
        account1: a.accountId,
        amount1: a.amount,
        at1: a.createdAt,
        account2: b.accountId,
        amount2: b.amount,
        at2: b.createdAt,
      });
      return;
    }
    await tx.insert(ledgerEntries).values(entries.map((e) => ({ transactionId, ...e })));
  },

  async addToBalance(tx: Executor, accountId: number, delta: number) {
    await addToBalance(tx, { id: accountId, delta });
  },

  /** Balances of one owner's accounts by kind (accounts never used read as absent). */
  async balances(db: Executor, ownerType: LedgerOwnerType, ownerId: number, currency: string) {
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
