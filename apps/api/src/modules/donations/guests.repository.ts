import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, insertOne } from '../../db/insert.js';
import { guestGivers } from './donations.table.js';

export type GuestRow = typeof guestGivers.$inferSelect;

const sameEmail = (email: string) => sql`lower(${guestGivers.email}) = ${email.trim().toLowerCase()}`;

/** SQL of guests' gifts: who gave without an account (docs/product/card-gifts.md#giving-without-an-account). */
export const guestsRepository = {
  async insert(db: Executor, values: typeof guestGivers.$inferInsert): Promise<GuestRow> {
    return insertOne(db, guestGivers, values);
  },

  /** Guests' names, "First Last", by id. */
  async names(db: Executor, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: guestGivers.id, first: guestGivers.firstName, last: guestGivers.lastName })
      .from(guestGivers)
      .where(inArray(guestGivers.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, `${row.first} ${row.last}`.trim()]));
  },

  async find(db: Executor, id: number): Promise<GuestRow | undefined> {
    return firstWhere(db, guestGivers, eq(guestGivers.id, id));
  },

  /** How many guest gifts were asked for with this email since `since` (the limit per email). */
  async countSince(db: Executor, email: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(guestGivers)
      .where(and(sameEmail(email), gte(guestGivers.createdAt, since)));
    return row?.n ?? 0;
  },

  /** The guests of this email whose gifts nobody has claimed yet, locked for the claim. */
  unclaimed(tx: Executor, email: string): Promise<GuestRow[]> {
    return tx
      .select()
      .from(guestGivers)
      .where(and(sameEmail(email), isNull(guestGivers.claimedBy)))
      .for('update');
  },

  async markClaimed(tx: Executor, ids: number[], userId: number, at: Date) {
    if (ids.length === 0) return;
    await tx
      .update(guestGivers)
      .set({ claimedBy: userId, claimedAt: at })
      .where(inArray(guestGivers.id, ids));
  },
};
