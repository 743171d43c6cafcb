import {
  GIFT_AID_COVERS_PAST_YEARS,
  type GiftAidDeclaration,
  type GiftAidDeclarationBody,
  giftAidDeclarationText,
  type PageQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { charitiesQueries } from '../charities/index.js';
import { remainingOf } from './donation-flow.js';
import type { ClaimRow, DeclarationRow } from './donations.repository.js';
import { giftAidRepository } from './gift-aid.repository.js';
import { giftAidClaimCsv } from './receipts.js';
import { refundsRepository } from './refunds.repository.js';

type CharityNames = Map<number, { id: number; name: string }>;

const presentDeclaration = (row: DeclarationRow, charities: CharityNames): GiftAidDeclaration => {
  const charity = row.charityId === null ? undefined : charities.get(row.charityId);
  return {
    id: row.id,
    charity: charity ? { id: charity.id, name: charity.name } : null,
    title: row.title,
    first_name: row.firstName,
    last_name: row.lastName,
    house: row.house,
    address: row.address,
    post_code: row.postCode,
    text: row.text,
    declared_at: row.declaredAt.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
};

const presentClaim = (row: ClaimRow) => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  donations: row.donations,
  total: row.total,
  gift_aid: row.giftAid,
  adjustment: row.adjustment,
});

/**
 * Gift Aid (docs/product/gift-aid.md, decision 037): the donor's declarations, one per charity,
 * each naming the charity that claims and kept as an audit record; and each charity's claims,
 * frozen batches of the gifts covered by declarations naming it, exported in HMRC's schedule
 * layout.
 */
export function giftAidService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const self = (auth: AuthUser | null) => ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);

  /** Declarations as answered: each with the charity it names (one query for the names). */
  async function present(executor: Executor, rows: Array<DeclarationRow | undefined>) {
    const names = await charitiesQueries.names(
      executor,
      rows.map((row) => row?.charityId ?? null),
    );
    return rows.map((row) => (row ? presentDeclaration(row, names) : null));
  }

  /** A charity a declaration can name: one that exists and takes gifts (not rejected). */
  async function charityToName(executor: Executor, charityId: number) {
    const charity = await charitiesQueries.find(executor, charityId);
    if (!charity || charity.approvalStatus === 'rejected')
      throw new AppError(404, 'NOT_FOUND', 'The charity was not found.', {
        fields: { charity_id: 'Name a charity on Kindred.' },
      });
    return charity;
  }

  return {
    /**
     * What the give flow needs for one charity: the donor's current declaration naming it (their
     * gifts to it can carry Gift Aid), and their latest declaration of any charity to start a new
     * one from.
     */
    async declarationFor(auth: AuthUser | null, charityId: number) {
      const user = await self(auth);
      await charityToName(db(), charityId);
      const [current, latest] = await Promise.all([
        giftAidRepository.declarationFor(db(), user.id, charityId),
        giftAidRepository.latestDeclaration(db(), user.id),
      ]);
      const [declaration, previous] = await present(db(), [current, latest]);
      return { declaration: declaration ?? null, previous: previous ?? null };
    },

    /** Every declaration the donor made, newest first (each charity's, current and cancelled). */
    async declarations(auth: AuthUser | null, query: PageQuery) {
      const user = await self(auth);
      const rows = await giftAidRepository.declarations(db(), user.id, {
        limit: query.limit,
        cursor: decodeCursor(query.cursor, ['time', 'id']),
        before: query.direction === 'before',
      });
      const names = await charitiesQueries.names(
        db(),
        rows.map((row) => row.declaration.charityId),
      );
      return toPage(
        rows,
        query,
        (row) => [row.at, row.declaration.id],
        (row) => presentDeclaration(row.declaration, names),
      );
    },

    /**
     * Declares for one charity, with the text naming it kept as the record. A newer declaration
     * for the same charity replaces the current one (kept, cancelled). It covers the donor's
     * unclaimed Gift Aid gifts to that charity made under an earlier declaration that named none
     * (HMRC's wording covers the past 4 years).
     */
    async declare(auth: AuthUser | null, body: GiftAidDeclarationBody) {
      const user = await self(auth);
      const row = await db().transaction(async (tx) => {
        const charity = await charityToName(tx, body.charity_id);
        await giftAidRepository.lockDeclarationsOf(tx, user.id);
        const now = ctx.now();
        const current = await giftAidRepository.declarationFor(tx, user.id, charity.id);
        if (current) await giftAidRepository.cancelDeclaration(tx, current.id, now);
        const made = await giftAidRepository.insertDeclaration(tx, {
          userId: user.id,
          charityId: charity.id,
          title: body.title ? body.title : null,
          firstName: body.first_name,
          lastName: body.last_name,
          house: body.house,
          address: body.address,
          postCode: body.post_code.toUpperCase(),
          text: giftAidDeclarationText(charity.name),
          declaredAt: now,
        });
        const since = new Date(now);
        since.setUTCFullYear(since.getUTCFullYear() - GIFT_AID_COVERS_PAST_YEARS);
        await giftAidRepository.coverEarlierGifts(
          tx,
          { id: made.id, userId: user.id, charityId: charity.id },
          since,
        );
        return made;
      });
      const [declaration] = await present(db(), [row]);
      return { declaration: declaration as GiftAidDeclaration };
    },

    /** Cancels one declaration: later gifts to its charity carry no Gift Aid; past ones keep theirs. */
    async cancel(auth: AuthUser | null, declarationId: number) {
      const user = await self(auth);
      const row = await db().transaction(async (tx) => {
        const current = await giftAidRepository.lockDeclaration(tx, user.id, declarationId);
        if (!current) throw notFound('The Gift Aid declaration');
        if (current.cancelledAt) return current;
        return (await giftAidRepository.cancelDeclaration(tx, current.id, ctx.now())) ?? current;
      });
      const [declaration] = await present(db(), [row]);
      return { declaration: declaration as GiftAidDeclaration };
    },

    async unclaimed(auth: AuthUser | null, charityId: number) {
      await ctx.access.require(auth, Permission.CharityGiftAidClaim, [charityId]);
      const [totals, adjustment] = await Promise.all([
        giftAidRepository.unclaimedTotals(db(), charityId),
        refundsRepository.openAdjustmentTotal(db(), charityId),
      ]);
      return {
        donations: totals.donations,
        total: totals.total,
        gift_aid: Math.max(0, totals.giftAid - adjustment),
        awaiting_declaration: totals.awaitingDeclaration,
        adjustment,
      };
    },

    async claims(auth: AuthUser | null, charityId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.CharityGiftAidClaim, [charityId]);
      const rows = await giftAidRepository.claims(db(), charityId, {
        limit: query.limit,
        cursor: decodeCursor(query.cursor, ['time', 'id']),
        before: query.direction === 'before',
      });
      return toPage(
        rows,
        query,
        (row) => [row.at, row.claim.id],
        (row) => presentClaim(row.claim),
      );
    },

    /**
     * Puts every eligible, unclaimed gift covered by a declaration naming this charity into a new
     * claim; those gifts never change afterwards. Gift Aid claimed before on money since refunded is
     * deducted (as much as this claim carries; the rest waits for the next).
     */
    async createClaim(auth: AuthUser | null, charityId: number) {
      const user = await ctx.access.require(auth, Permission.CharityGiftAidClaim, [charityId]);
      const claim = await db().transaction(async (tx) => {
        const gifts = await giftAidRepository.lockUnclaimed(tx, charityId);
        if (gifts.length === 0)
          throw new AppError(
            409,
            'NOTHING_TO_CLAIM',
            'There are no Gift Aid donations waiting to be claimed.',
          );
        const giftAid = gifts.reduce((sum, gift) => sum + gift.giftAidAmount, 0);
        const deducted: number[] = [];
        let adjustment = 0;
        for (const open of await refundsRepository.lockOpenAdjustments(tx, charityId)) {
          if (adjustment + open.amount > giftAid) break;
          adjustment += open.amount;
          deducted.push(open.id);
        }
        const row = await giftAidRepository.insertClaim(tx, {
          charityId,
          createdBy: user.id,
          donations: gifts.length,
          total: gifts.reduce((sum, gift) => sum + remainingOf(gift), 0),
          giftAid: giftAid - adjustment,
          adjustment,
          createdAt: ctx.now(),
        });
        await refundsRepository.markAdjustmentsClaimed(tx, deducted, row.id);
        await giftAidRepository.markClaimed(
          tx,
          gifts.map((gift) => gift.id),
          row.id,
        );
        return row;
      });
      return { claim: presentClaim(claim) };
    },

    /** The claim's schedule as CSV: the donor's declared name and address, the date and the amount. */
    async claimCsv(auth: AuthUser | null, charityId: number, claimId: number) {
      await ctx.access.require(auth, Permission.CharityGiftAidClaim, [charityId]);
      const claim = await giftAidRepository.claim(db(), charityId, claimId);
      if (!claim) throw notFound('The claim');
      const rows = await giftAidRepository.claimedDonations(db(), claim.id);
      const csv = giftAidClaimCsv(
        rows.map(({ donation, declaration }) => ({
          title: declaration.title,
          firstName: declaration.firstName,
          lastName: declaration.lastName,
          house: declaration.house,
          postCode: declaration.postCode,
          date: donation.createdAt.toISOString().slice(0, 10),
          amount: remainingOf(donation),
        })),
      );
      return { csv, filename: `gift-aid-claim-${claim.id}.csv` };
    },
  };
}
export type GiftAidService = ReturnType<typeof giftAidService>;
