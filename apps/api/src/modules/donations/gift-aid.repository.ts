import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, insertOne, lockedWhere, updateWhere } from '../../db/insert.js';
import { prepared } from '../../db/prepared.js';
import { exactTime, type Keyset, newestFirst } from '../../lib/pagination.js';
import { type ClaimRow, type DeclarationRow, FUNDS_COUNTED_STATUSES } from './donations.repository.js';
import { donations, giftAidClaims, giftAidDeclarations } from './donations.table.js';

/** Gift Aid: donors' declarations, and the claims charities make on the gifts they cover (decision 037). */

/** The advisory lock class of a donor's Gift Aid declarations (the second key is the donor's id). */
const DECLARATIONS_LOCK = 37;

/** The donor's current declaration naming one charity: read by every gift with Gift Aid. */
const declarationFor = prepared('donations_declaration_for_charity', (db) =>
  db
    .select()
    .from(giftAidDeclarations)
    .where(
      and(
        eq(giftAidDeclarations.userId, sql.placeholder('userId')),
        eq(giftAidDeclarations.charityId, sql.placeholder('charityId')),
        isNull(giftAidDeclarations.cancelledAt),
      ),
    ),
);

/**
 * A gift covered by a declaration naming its own charity (decision 037): the only gifts a charity's
 * Gift Aid claim takes. Gifts marked under an earlier declaration that named no charity wait until
 * the donor declares for that charity (which then covers them).
 */
const coveredByItsCharity = sql`exists (select 1 from ${giftAidDeclarations} where ${giftAidDeclarations.id} = ${donations.giftAidDeclarationId} and ${giftAidDeclarations.charityId} = ${donations.charityId})`;
const unclaimedOf = (charityId: number) =>
  and(
    eq(donations.charityId, charityId),
    eq(donations.giftAid, true),
    inArray(donations.status, FUNDS_COUNTED_STATUSES),
    isNull(donations.giftAidClaimId),
  );

export const giftAidRepository = {
  /**
   * Serialises the donor's declarations within the transaction (two at once for the same charity
   * would otherwise both find none current and meet the unique index).
   */
  async lockDeclarationsOf(db: Executor, userId: number) {
    await db.execute(sql`select pg_advisory_xact_lock(${DECLARATIONS_LOCK}, ${userId}::int)`);
  },

  /** The donor's current declaration naming this charity, if any. */
  async declarationFor(db: Executor, userId: number, charityId: number): Promise<DeclarationRow | undefined> {
    const [row] = await declarationFor(db, { userId, charityId });
    return row;
  },

  /** The donor's latest declaration of any charity (cancelled or not): its details start a new one. */
  async latestDeclaration(db: Executor, userId: number): Promise<DeclarationRow | undefined> {
    const [row] = await db
      .select()
      .from(giftAidDeclarations)
      .where(eq(giftAidDeclarations.userId, userId))
      .orderBy(desc(giftAidDeclarations.declaredAt), desc(giftAidDeclarations.id))
      .limit(1);
    return row;
  },

  /** One of the donor's declarations, locked (to cancel it). */
  async lockDeclaration(db: Executor, userId: number, id: number): Promise<DeclarationRow | undefined> {
    return lockedWhere(
      db,
      giftAidDeclarations,
      and(eq(giftAidDeclarations.id, id), eq(giftAidDeclarations.userId, userId)),
    );
  },

  /** The donor's declarations, newest first: every charity's, current and cancelled. */
  async declarations(db: Executor, userId: number, page: Keyset) {
    const { conditions, order } = newestFirst(
      giftAidDeclarations.declaredAt,
      giftAidDeclarations.id,
      page.cursor,
      page.before,
    );
    return db
      .select({ declaration: giftAidDeclarations, at: exactTime(giftAidDeclarations.declaredAt) })
      .from(giftAidDeclarations)
      .where(and(eq(giftAidDeclarations.userId, userId), ...conditions))
      .orderBy(...order)
      .limit(page.limit + 1);
  },

  async insertDeclaration(db: Executor, values: typeof giftAidDeclarations.$inferInsert) {
    return insertOne(db, giftAidDeclarations, values);
  },

  /** The current declarations guests made with their gifts. */
  currentOfGuests(db: Executor, guestIds: number[]): Promise<DeclarationRow[]> {
    if (guestIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(giftAidDeclarations)
      .where(
        and(inArray(giftAidDeclarations.guestGiverId, guestIds), isNull(giftAidDeclarations.cancelledAt)),
      );
  },

  /** A guest's declaration becomes the person's who claimed the guest's gifts. */
  async giveToUser(db: Executor, id: number, userId: number) {
    await db.update(giftAidDeclarations).set({ userId }).where(eq(giftAidDeclarations.id, id));
  },

  async cancelDeclaration(db: Executor, id: number, at: Date) {
    return updateWhere(db, giftAidDeclarations, { cancelledAt: at }, eq(giftAidDeclarations.id, id));
  },

  /**
   * A new declaration naming a charity covers the donor's unclaimed Gift Aid gifts to it made since
   * `since` under an earlier declaration that named no charity (decision 037): they point to it
   * from now on, so the charity's claim takes them with this declaration's name and address.
   */
  async coverEarlierGifts(
    db: Executor,
    covering: { id: number; userId: number; charityId: number },
    since: Date,
  ): Promise<number> {
    const rows = await db
      .update(donations)
      .set({ giftAidDeclarationId: covering.id })
      .where(
        and(
          unclaimedOf(covering.charityId),
          eq(donations.donorType, 'user'),
          eq(donations.donorId, covering.userId),
          gte(donations.createdAt, since),
          sql`${donations.giftAidDeclarationId} in (select ${giftAidDeclarations.id} from ${giftAidDeclarations} where ${giftAidDeclarations.userId} = ${covering.userId} and ${giftAidDeclarations.charityId} is null)`,
        ),
      )
      .returning({ id: donations.id });
    return rows.length;
  },

  /**
   * A charity's eligible gifts not yet in a claim and covered by a declaration naming it, locked so
   * that two claims cannot take one gift.
   */
  async lockUnclaimed(db: Executor, charityId: number) {
    return db
      .select()
      .from(donations)
      .where(and(unclaimedOf(charityId), coveredByItsCharity))
      .orderBy(asc(donations.id))
      .for('update');
  },

  /**
   * What the next claim would take, and how many Gift Aid gifts wait for their donor to declare for
   * this charity (made under a declaration that named none).
   */
  async unclaimedTotals(db: Executor, charityId: number) {
    const [row] = await db
      .select({
        count: sql<string>`count(*) filter (where ${coveredByItsCharity})`,
        total: sql<string>`coalesce(sum(${donations.amount} - ${donations.refundedAmount}) filter (where ${coveredByItsCharity}), 0)`,
        giftAid: sql<string>`coalesce(sum(${donations.giftAidAmount}) filter (where ${coveredByItsCharity}), 0)`,
        waiting: sql<string>`count(*) filter (where not ${coveredByItsCharity})`,
      })
      .from(donations)
      .where(unclaimedOf(charityId));
    return {
      donations: Number(row?.count ?? 0),
      total: Number(row?.total ?? 0),
      giftAid: Number(row?.giftAid ?? 0),
      awaitingDeclaration: Number(row?.waiting ?? 0),
    };
  },

  async insertClaim(db: Executor, values: typeof giftAidClaims.$inferInsert): Promise<ClaimRow> {
    return insertOne(db, giftAidClaims, values);
  },

  async markClaimed(db: Executor, ids: number[], claimId: number) {
    if (ids.length > 0)
      await db.update(donations).set({ giftAidClaimId: claimId }).where(inArray(donations.id, ids));
  },

  async claims(db: Executor, charityId: number, page: Keyset) {
    const { conditions, order } = newestFirst(
      giftAidClaims.createdAt,
      giftAidClaims.id,
      page.cursor,
      page.before,
    );
    return db
      .select({ claim: giftAidClaims, at: exactTime(giftAidClaims.createdAt) })
      .from(giftAidClaims)
      .where(and(eq(giftAidClaims.charityId, charityId), ...conditions))
      .orderBy(...order)
      .limit(page.limit + 1);
  },

  async claim(db: Executor, charityId: number, claimId: number): Promise<ClaimRow | undefined> {
    return firstWhere(
      db,
      giftAidClaims,
      and(eq(giftAidClaims.id, claimId), eq(giftAidClaims.charityId, charityId)),
    );
  },

  async claimedDonations(db: Executor, claimId: number) {
    return db
      .select({ donation: donations, declaration: giftAidDeclarations })
      .from(donations)
      .innerJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.giftAidDeclarationId))
      .where(eq(donations.giftAidClaimId, claimId))
      .orderBy(asc(donations.createdAt), asc(donations.id));
  },
};
