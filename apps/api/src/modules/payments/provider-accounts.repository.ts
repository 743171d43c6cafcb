import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, updateWhere, upsertOne } from '../../db/insert.js';
import { providerAccounts, providerEvents } from './payments.table.js';

export type ProviderAccountRow = typeof providerAccounts.$inferSelect;

/** SQL of the charities' payout accounts with the provider, and of the provider's webhook events. */
export const providerAccountsRepository = {
  async find(db: Executor, charityId: number): Promise<ProviderAccountRow | undefined> {
    return firstWhere(db, providerAccounts, eq(providerAccounts.charityId, charityId));
  },

  async upsert(db: Executor, values: typeof providerAccounts.$inferInsert): Promise<ProviderAccountRow> {
    return upsertOne(db, providerAccounts, values, providerAccounts.charityId, values);
  },

  /** Every payout account; only the checked (or the unchecked) ones when asked. Unchecked first. */
  list(db: Executor, verified: boolean | undefined) {
    return db
      .select()
      .from(providerAccounts)
      .where(
        verified === undefined
          ? undefined
          : verified
            ? isNotNull(providerAccounts.verifiedAt)
            : isNull(providerAccounts.verifiedAt),
      )
      .orderBy(sql`${providerAccounts.verifiedAt} is not null`, desc(providerAccounts.updatedAt))
      .limit(200);
  },

  async verify(
    db: Executor,
    charityId: number,
    by: number,
    at: Date,
  ): Promise<ProviderAccountRow | undefined> {
    return updateWhere(
      db,
      providerAccounts,
      { verifiedAt: at, verifiedBy: by },
      eq(providerAccounts.charityId, charityId),
    );
  },

  async eventSeen(db: Executor, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: providerEvents.id })
      .from(providerEvents)
      .where(eq(providerEvents.id, id));
    return row !== undefined;
  },

  /** True the first time an event id is seen. */
  async recordEvent(db: Executor, id: string, type: string, now: Date): Promise<boolean> {
    const inserted = await db
      .insert(providerEvents)
      .values({ id, type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: providerEvents.id });
    return inserted.length > 0;
  },
};

/** What other modules may read of the payout accounts (payouts: where a charity is paid). */
export const providerAccountsQueries = {
  find: providerAccountsRepository.find,
};
