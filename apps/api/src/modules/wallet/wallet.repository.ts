import { and, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type CursorValue, newestFirst } from '../../lib/pagination.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.table.js';
import type { MoneyOwner } from '../payments/money-owner.js';

export interface HistoryFilter {
  owner: MoneyOwner;
  currency: string;
  from: Date;
  /** Exclusive. */
  to: Date;
  accounts: Array<'wallet' | 'credits' | 'held'>;
  kinds?: string[] | undefined;
}

/** Reads an owner's ledger entries for wallet history and statements (newest first). */
export const walletRepository = {
  async history(
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
export type HistoryRow = Awaited<ReturnType<typeof walletRepository.history>>[number];
