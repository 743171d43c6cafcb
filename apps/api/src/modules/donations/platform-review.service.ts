import { DONATION_METHOD, GIVING_TYPE, type PageQuery, TRANSACTION_STATUS } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { auditLog } from '../audit/index.js';
import { invalidMove } from './donation-flow.js';
import { donationViews, keyset } from './donation-views.js';
import { type DonationRow, donationsRepository } from './donations.repository.js';
import type { GiftRecorder } from './gift-recorder.js';

const { awaitingPlatformAdminApproval, approved, completed, canceled } = TRANSACTION_STATUS;
const { funds } = GIVING_TYPE;

/** The platform's review: donations waiting for Kindred's look, approved, paid out or rejected. */
export function platformReviewService(ctx: AppContext, recorder: GiftRecorder) {
  const db = () => ctx.database.db;
  const { flow } = recorder;
  const { present, presentPage, presentOne, queueReceipts } = donationViews(ctx);

  return {
    /** GET /admin/complete: waiting for the platform (40, and direct gifts at 80 to pay out). */
    async platformQueue(auth: AuthUser | null, query: PageQuery) {
      await ctx.access.require(auth, Permission.PlatformDonationsRead);
      return presentPage(await donationsRepository.listQueue(db(), keyset(query)), query);
    },

    /** GET /admin/donation/{id}: any gift, by its number, for a platform admin (to refund it, or see it). */
    async one(auth: AuthUser | null, id: number) {
      await ctx.access.require(auth, Permission.PlatformDonationsRead);
      const row = await donationsRepository.find(db(), id);
      if (!row) throw notFound('The donation');
      return { donation: await presentOne(row) };
    },

    /** POST /admin/complete: each donation one step on (40 -> 80, 80 -> 85 for direct gifts). */
    async platformComplete(auth: AuthUser | null, ids: number[]) {
      const user = await ctx.access.require(auth, Permission.PlatformDonationsReview);
      const rows = await db().transaction(async (tx) => {
        const locked = await donationsRepository.lock(tx, ids);
        if (locked.length !== new Set(ids).size) throw notFound('A donation');
        const out: DonationRow[] = [];
        for (const row of locked) {
          const next =
            row.status === awaitingPlatformAdminApproval
              ? approved
              : row.status === approved && row.method === DONATION_METHOD.direct && row.type === funds
                ? completed
                : null;
          if (next === null) throw invalidMove(row, row.status === approved ? completed : approved);
          out.push(await flow.move(tx, row, next, { userId: user.id }));
          await auditLog.record(tx, {
            actorId: user.id,
            action: next === approved ? 'donation.approve' : 'donation.complete',
            targetType: 'donation',
            targetId: row.id,
            details: { amount: row.amount },
            at: ctx.now(),
          });
        }
        await queueReceipts(
          tx,
          out.filter((row) => row.status === approved),
        );
        return out;
      });
      return { donations: await present(rows) };
    },

    /** POST /admin/donation/reject: ends one donation at 90 and returns its money. */
    async platformReject(auth: AuthUser | null, id: number, reason: string) {
      const user = await ctx.access.require(auth, Permission.PlatformDonationsReview);
      const row = await db().transaction(async (tx) => {
        const [locked] = await donationsRepository.lock(tx, [id]);
        if (!locked) throw notFound('The donation');
        const moved = await flow.move(tx, locked, canceled, { userId: user.id, reason });
        await auditLog.record(tx, {
          actorId: user.id,
          action: 'donation.reject',
          targetType: 'donation',
          targetId: locked.id,
          reason,
          details: { amount: locked.amount },
          at: ctx.now(),
        });
        return moved;
      });
      return { donation: await presentOne(row) };
    },
  };
}
export type PlatformReviewService = ReturnType<typeof platformReviewService>;
