import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type CursorValue, newestFirst } from '../../lib/pagination.js';
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
}

const refKey = (ref: AccountRef) => `${ref.ownerType}:${ref.ownerId}:${ref.kind}`;

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
    const conditions = unique.map((ref) =>
      and(
        eq(ledgerAccounts.ownerType, ref.ownerType),
        eq(ledgerAccounts.ownerId, ref.ownerId),
        eq(ledgerAccounts.kind, ref.kind),
        eq(ledgerAccounts.currency, currency),
      ),
    );
    const rows = await tx
      .select()
      .from(ledgerAccounts)
      .where(
        sql.join(
          conditions.map((c) => sql`(${c})`),
          sql` or `,
        ),
      )
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
    return new Map(rows.map((row) => [refKey(row), row]));
  },

  async insertTransaction(tx: Executor, values: typeof ledgerTransactions.$inferInsert): Promise<number> {
    const [row] = await tx.insert(ledgerTransactions).values(values).returning({ id: ledgerTransactions.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async insertEntries(
    tx: Executor,
    transactionId: number,
    entries: Array<{ accountId: number; amount: number; createdAt: Date }>,
  ) {
    await tx.insert(ledgerEntries).values(entries.map((e) => ({ transactionId, ...e })));
  },

  async addToBalance(tx: Executor, accountId: number, delta: number) {
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
      .where(eq(ledgerAccounts.id, accountId));
  },

  /** Balances of one owner's accounts by kind (accounts never used read as absent). */
  async balances(db: Executor, ownerType: LedgerOwnerType, ownerId: number, currency: string) {
    const rows = await db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.ownerType, ownerType),
          eq(ledgerAccounts.ownerId, ownerId),
          eq(ledgerAccounts.currency, currency),
        ),
      );
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

  /** An owner's entries with their transaction's kind and description, newest first, keyset paged. */
  history(
    db: Executor,
    filter: HistoryFilter,
    page: { limit: number; cursor?: CursorValue[]; before: boolean },
  ) {
    const conditions: SQL[] = [
      eq(ledgerAccounts.ownerType, filter.owner.ownerType),
      eq(ledgerAccounts.ownerId, filter.owner.ownerId),
      eq(ledgerAccounts.currency, filter.currency),
      inArray(ledgerAccounts.kind, filter.accounts),
      gte(ledgerEntries.createdAt, filter.from),
      lt(ledgerEntries.createdAt, filter.to),
    ];
    if (filter.kinds?.length) conditions.push(inArray(ledgerTransactions.kind, filter.kinds));
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
