import { and, asc, desc, eq, gt, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { CursorValue } from '../../lib/pagination.js';
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
    if (page.cursor) {
      const [at, id] = page.cursor;
      const when = new Date(String(at));
      const cmp = page.before ? gt : lt;
      const keyset = or(
        cmp(ledgerEntries.createdAt, when),
        and(eq(ledgerEntries.createdAt, when), cmp(ledgerEntries.id, Number(id))),
      );
      if (keyset) conditions.push(keyset);
    }
    const order = page.before
      ? [asc(ledgerEntries.createdAt), asc(ledgerEntries.id)]
      : [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)];
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
      .where(and(...conditions))
      .orderBy(...order)
      .limit(page.limit);
  },
};
export type HistoryRow = Awaited<ReturnType<typeof walletRepository.history>>[number];
