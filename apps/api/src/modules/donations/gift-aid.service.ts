import {
  GIFT_AID_DECLARATION_TEXT,
  type GiftAidDeclaration,
  type GiftAidDeclarationBody,
  type PageQuery,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { type ClaimRow, type DeclarationRow, donationsRepository } from './donations.repository.js';
import { giftAidClaimCsv } from './receipts.js';

const presentDeclaration = (row: DeclarationRow): GiftAidDeclaration => ({
  id: row.id,
  title: row.title,
  first_name: row.firstName,
  last_name: row.lastName,
  house: row.house,
  address: row.address,
  post_code: row.postCode,
  text: row.text,
  declared_at: row.declaredAt.toISOString(),
  cancelled_at: row.cancelledAt?.toISOString() ?? null,
});

const presentClaim = (row: ClaimRow) => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  donations: row.donations,
  total: row.total,
  gift_aid: row.giftAid,
});

/**
 * Gift Aid (domain.md §4): the donor's declaration, kept as an audit record, and the charity's
 * claims, each a frozen batch of eligible gifts exported in HMRC's schedule layout.
 */
export function giftAidService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const self = (auth: AuthUser | null) => ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);

  return {
    async declaration(auth: AuthUser | null) {
      const user = await self(auth);
      const row = await donationsRepository.currentDeclaration(db(), user.id);
      return { declaration: row ? presentDeclaration(row) : null };
    },

    /** Makes a declaration; a newer one replaces the current one (which is kept, cancelled). */
    async declare(auth: AuthUser | null, body: GiftAidDeclarationBody) {
      const user = await self(auth);
      const row = await db().transaction(async (tx) => {
        const current = await donationsRepository.currentDeclaration(tx, user.id);
        if (current) await donationsRepository.cancelDeclaration(tx, current.id, ctx.now());
        return donationsRepository.insertDeclaration(tx, {
          userId: user.id,
          title: body.title ? body.title : null,
          firstName: body.first_name,
          lastName: body.last_name,
          house: body.house,
          address: body.address,
          postCode: body.post_code.toUpperCase(),
          text: GIFT_AID_DECLARATION_TEXT,
          declaredAt: ctx.now(),
        });
      });
      return { declaration: presentDeclaration(row) };
    },

    /** Cancels the declaration: gifts from now on carry no Gift Aid; past ones keep theirs. */
    async cancel(auth: AuthUser | null) {
      const user = await self(auth);
      const current = await donationsRepository.currentDeclaration(db(), user.id);
      if (!current) throw notFound('A Gift Aid declaration');
      const row = await donationsRepository.cancelDeclaration(db(), current.id, ctx.now());
      return { declaration: presentDeclaration(row ?? current) };
    },

    async unclaimed(auth: AuthUser | null, charityId: number) {
      await ctx.access.require(auth, Permission.CharityGiftAidClaim, [charityId]);
      const totals = await donationsRepository.unclaimedTotals(db(), charityId);
      return { donations: totals.donations, total: totals.total, gift_aid: totals.giftAid };
    },

    async claims(auth: AuthUser | null, charityId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.CharityGiftAidClaim, [charityId]);
      const rows = await donationsRepository.claims(db(), charityId, {
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

    /** Puts every eligible, unclaimed gift into a new claim; those gifts never change afterwards. */
    async createClaim(auth: AuthUser | null, charityId: number) {
      const user = await ctx.access.require(auth, Permission.CharityGiftAidClaim, [charityId]);
      const claim = await db().transaction(async (tx) => {
        const gifts = await donationsRepository.lockUnclaimed(tx, charityId);
        if (gifts.length === 0)
          throw new AppError(
            409,
            'NOTHING_TO_CLAIM',
            'There are no Gift Aid donations waiting to be claimed.',
          );
        const row = await donationsRepository.insertClaim(tx, {
          charityId,
          createdBy: user.id,
          donations: gifts.length,
          total: gifts.reduce((sum, gift) => sum + (gift.amount ?? 0), 0),
          giftAid: gifts.reduce((sum, gift) => sum + gift.giftAidAmount, 0),
          createdAt: ctx.now(),
        });
        await donationsRepository.markClaimed(
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
      const claim = await donationsRepository.claim(db(), charityId, claimId);
      if (!claim) throw notFound('The claim');
      const rows = await donationsRepository.claimedDonations(db(), claim.id);
      const csv = giftAidClaimCsv(
        rows.map(({ donation, declaration }) => ({
          title: declaration.title,
          firstName: declaration.firstName,
          lastName: declaration.lastName,
          house: declaration.house,
          postCode: declaration.postCode,
          date: donation.createdAt.toISOString().slice(0, 10),
          amount: donation.amount ?? 0,
        })),
      );
      return { csv, filename: `gift-aid-claim-${claim.id}.csv` };
    },
  };
}
export type GiftAidService = ReturnType<typeof giftAidService>;
