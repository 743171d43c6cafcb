import { type DonateBody, type DonateResponse, GIVING_TYPE, TRANSACTION_STATUS } from '@kindred/shared';
import type { AppContext } from '../../context.js';
import { isDatabaseUnavailable } from '../../db/client.js';
import { batchedCalls, type Outcome } from '../../lib/batched-calls.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest, IdempotentResult } from '../../lib/idempotency.js';
import { isoDay } from '../../lib/periods.js';
import { keptAnswer, movementRefusal, refuseWithKey } from '../ledger/index.js';
import { DELIVER_NOTICES } from '../notices/index.js';
import type { GiftTarget } from './donation-flow.js';
import { donationViews, presentNew } from './donation-views.js';
import { type DonationRow, donationsRepository, type GiftWritten } from './donations.repository.js';
import {
  assertGiftAidAllowed,
  charityTarget,
  type GiftRecorder,
  giftValues,
  projectTarget,
} from './gift-recorder.js';

/**
 * How gifts are written together (docs/decisions/055-gifts-written-together.md): one call at a time
 * writes gifts, and one reads them; what arrives meanwhile waits and goes in the next call, at most
 * this many in one. Measured, one call at a time beat two and four (bigger calls, fewer commits),
 * and each call is short (its rows in one statement a table).
 */
const GIFTS_PER_CALL = 32;

/** The person giving, as the auth lookup read them. */
export interface OneCallGiver {
  id: number;
  name: string;
  email: string;
}

/**
 * A person's one-off gift of funds to a project or straight to a charity, from their wallet or
 * credits, approved at once, written in one database call (docs/decisions/054-a-gift-in-one-call.md):
 * the project and its charity (or the charity) are read and checked as every gift checks them,
 * with the gift's id and receipt number, and every row of the gift is built here (the donation,
 * its event, its receipt, its money, its answer); `gift_write` then writes them all in one
 * statement, its own transaction, with the Idempotency-Key. Every refusal is kept with the key as
 * `runIdempotent` keeps one. A gift this way does not take (by card, recurring, through a
 * fundraising page, one the platform reviews first) answers undefined, for the general way.
 */
export function oneCallGifts(ctx: AppContext, recorder: GiftRecorder) {
  const db = () => ctx.database.db;
  const { receiptOf } = donationViews(ctx);

  type Gift = Parameters<typeof donationsRepository.writeGift>[1];
  const alone = (gift: Gift): Outcome<GiftWritten> => ({ answer: donationsRepository.writeGift(db(), gift) });
  // Gifts that arrive while others are being written are written together; one alone when the
  // call cannot decide it for itself, and each alone when the call as a whole fails (a balance
  // spent or a project closed since its reads): then each gets its own answer or refusal, written
  // beside the next call rather than before it.
  const gifts = batchedCalls<Gift, GiftWritten>({
    inFlight: 1,
    most: GIFTS_PER_CALL,
    key: (gift) => {
      const key = gift.key as { scope: string; key: string } | null;
      return key ? `${key.scope}\n${key.key}` : undefined;
    },
    async send(batch) {
      const [first] = batch;
      if (batch.length === 1 && first) return [{ answer: await donationsRepository.writeGift(db(), first) }];
      const written = await donationsRepository.writeGifts(db(), batch, ctx.now()).catch((error: unknown) => {
        if (!movementRefusal(error) && !isDatabaseUnavailable(error))
          ctx.log.error(
            { err: error, gifts: batch.length },
            'gifts written together failed: each is written alone',
          );
        return undefined;
      });
      return batch.map((gift, i) => {
        const one = written?.[i];
        return one && !('alone' in one) ? { answer: one } : alone(gift);
      });
    },
  });

  // Gifts read while other reads are under way are read together, the same way.
  type ProjectRead = Awaited<ReturnType<typeof donationsRepository.giftTargetsWithNumbers>>[number];
  const projectReads = batchedCalls<{ projectId: number; receiptYear: number }, ProjectRead>({
    inFlight: 1,
    most: GIFTS_PER_CALL,
    async send(batch) {
      const rows = await donationsRepository.giftTargetsWithNumbers(db(), batch);
      return rows.map((answer) => ({ answer }));
    },
  });

  /** Whether a gift can be written in one call, before anything is read. */
  function takes(body: DonateBody): boolean {
    return (
      body.type === GIVING_TYPE.funds &&
      body.frequency === undefined &&
      body.fundraiser_id === undefined &&
      (body.source ?? 'wallet') !== 'card'
    );
  }

  /** The project and its charity, or the charity, read and checked with the gift's id and receipt number. */
  async function targetOf(target: GiftTarget, receiptYear: number) {
    if (target.kind === 'project') {
      const read = await projectReads.call({ projectId: target.id, receiptYear });
      if (!read) throw notFound('The project');
      return { checked: projectTarget(read), read };
    }
    const read = await donationsRepository.charityTargetWithNumbers(db(), target.id, receiptYear);
    if (!read) throw notFound('The charity');
    return { checked: charityTarget(read.charity), read };
  }

  /** The gift's rows as `gift_write` writes them, or undefined for one the platform reviews first. */
  async function build(target: GiftTarget, body: DonateBody, giver: OneCallGiver, now: Date) {
    const donor = { ownerType: 'user', ownerId: giver.id } as const;
    const actor = { userId: giver.id };
    assertGiftAidAllowed(body, donor);
    const { checked, read } = await targetOf(target, now.getUTCFullYear());
    recorder.assertOpen(checked);
    recorder.assertNeeded(body, checked.project);
    if (recorder.needsReview(body, checked.charity)) return undefined;
    const declarationId = await recorder.declarationFor(body, donor, checked.charity.id);
    const projectId = checked.project?.id;
    const row: DonationRow = {
      ...giftValues({
        body,
        donor,
        actor,
        extra: {},
        project: checked.project,
        charityId: checked.charity.id,
        status: TRANSACTION_STATUS.approved,
        declarationId,
        fundraiserId: null,
        today: isoDay(now),
        now,
      }),
      id: read.donationId,
      refundedAmount: 0,
      confirmedHours: null,
      giftAidClaimId: null,
      receiptNumber: read.receiptNumber,
      signoffRemindedAt: null,
    };
    const donation = presentNew(row, checked, { id: giver.id, name: giver.name });
    const gift = recorder.flow.giftMovement(row, actor, projectId);
    const receipt = giver.email ? await receiptOf(db(), donation, giver.email, checked.charity) : undefined;
    const event = ctx.events.prepare('donation.made', {
      donation_id: row.id,
      project_id: row.projectId,
      charity_id: row.charityId,
    });
    // The answer as the general way gives it; the call fills in the giver's balances once the money moved.
    const answer: DonateResponse = {
      donation,
      wallet: { wallet_amount: 0, credits: 0, held: 0, currency: ctx.config.currency },
      subscription: null,
    };
    return {
      at: now,
      donation: row,
      by: actor.userId,
      event,
      count: projectId === undefined ? null : { project: projectId, funds: row.amount },
      notice: receipt ? { ...receipt, deliver_task: DELIVER_NOTICES } : null,
      money: ctx.ledger.transferArgs(gift.from, gift.to, row.amount ?? 0, gift.meta),
      answer,
    };
  }

  return {
    /** The gift written in one call and its answer (or the key's), or undefined for the general way. */
    async give(
      target: GiftTarget,
      body: DonateBody,
      giver: OneCallGiver,
      idempotency: IdempotencyRequest,
    ): Promise<IdempotentResult<DonateResponse> | undefined> {
      if (!takes(body)) return undefined;
      const now = ctx.now();
      const refused = (error: unknown) => {
        const refusal = error instanceof AppError && error.statusCode < 500 ? error : movementRefusal(error);
        if (!refusal) throw error;
        return refuseWithKey<DonateResponse>(db(), idempotency, now, refusal);
      };
      const key =
        idempotency.key === undefined
          ? null
          : { scope: idempotency.scope, key: idempotency.key, hash: idempotency.requestHash };
      let written: Awaited<ReturnType<typeof donationsRepository.writeGift>>;
      try {
        const gift = await build(target, body, giver, now);
        if (!gift) return undefined;
        written = await gifts.call({ ...gift, key });
      } catch (error) {
        return refused(error);
      }
      // The key was taken: its first answer, its first refusal, or 409 for another request.
      if ('kept' in written) return keptAnswer<DonateResponse>(idempotency, written.kept);
      return { statusCode: 201, body: written.made as DonateResponse };
    },
  };
}
