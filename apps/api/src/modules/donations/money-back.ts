import { DONATION_METHOD, formatMoney, GIVING_TYPE, giftAidOf, TRANSACTION_STATUS } from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { charitiesWrites } from '../charities/index.js';
import { fundraisersWrites } from '../fundraisers/index.js';
import { type AccountRef, account, PLATFORM } from '../ledger/index.js';
import { projectsQueries, projectsWrites } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import { creditNoteMail } from './credit-notes.js';
import { type Actor, donorOwner, fundsAccountOf, remainingOf } from './donation-flow.js';
import { donationViews } from './donation-views.js';
import { type DonationRow, donationsRepository } from './donations.repository.js';
import type { GiftRecorder } from './gift-recorder.js';
import { guestsRepository } from './guests.repository.js';
import { type RefundRow, refundsRepository } from './refunds.repository.js';

const { approved, completed, canceled, awaitingOrganisationApproval, awaitingPlatformAdminApproval } =
  TRANSACTION_STATUS;

type Destination = RefundRow['destination'];
type Origin = RefundRow['origin'];
type HeldOwnerType = NonNullable<RefundRow['heldOwnerType']>;

/** Back the way it came (docs/product/refunds-and-disputes.md#back-the-way-it-came). */
export const refundDestinationOf = (row: Pick<DonationRow, 'source'>): Destination =>
  row.source === 'card' ? 'card' : row.source === 'credits' ? 'credits' : 'wallet';

/** Where an approved or delivered gift's money rests: its project's funds at 80, else its charity's. */
function restingOwner(row: DonationRow): { ownerType: HeldOwnerType; ownerId: number } {
  if (row.status === approved && row.method === DONATION_METHOD.project && row.projectId)
    return { ownerType: 'project', ownerId: row.projectId };
  return { ownerType: 'charity', ownerId: row.charityId };
}
const fundsOf = (owner: { ownerType: HeldOwnerType; ownerId: number }): AccountRef =>
  account(owner, owner.ownerType === 'project' ? 'project_funds' : 'charity_funds');
const heldOf = (owner: { ownerType: HeldOwnerType; ownerId: number }): AccountRef => account(owner, 'held');

/** A gift still waiting for sign-off or review: its money is in the giver's held balance. */
const isHeld = (row: DonationRow) =>
  row.status === awaitingOrganisationApproval || row.status === awaitingPlatformAdminApproval;

/** Where the money of a refund comes from, and whether the platform pays it. */
interface Source {
  account: AccountRef;
  fromPlatform: boolean;
}

export interface RefundInput {
  amount: number;
  reason: string;
  actor: Actor;
  origin: Origin;
  source: Source;
  providerRefundId?: string | null;
}

/**
 * The money of refunds and disputes (docs/product/refunds-and-disputes.md), shared by the charity's
 * and the platform's refunds, the givers' requests and the provider's events. Each function runs in
 * its caller's transaction, under the gift's row lock, after the caller checked who may.
 */
export function moneyBack(ctx: AppContext, recorder: GiftRecorder) {
  const { ledger } = ctx;
  const { flow } = recorder;
  const views = donationViews(ctx);

  const meta = (
    row: DonationRow,
    kind: string,
    description: string,
    actor: Actor,
    link: { refund_id?: number; dispute_id?: number } = {},
  ) => ({
    kind,
    description,
    createdBy: actor.userId,
    donationId: row.id,
    reference: { donation_id: row.id, ...link },
  });

  /**
   * Locks a gift for a change of its money: its project first (it cannot be completed or cancelled
   * meanwhile; gifts to it go on), then the gift, then its giver's count in the project, which a
   * refund changes after moving the money, where a gift takes it before
   * (docs/product/donations.md#the-order-a-gift-takes-its-locks).
   */
  async function lockGift(tx: Tx, donationId: number): Promise<DonationRow | undefined> {
    const seen = await donationsRepository.find(tx, donationId);
    if (!seen) return undefined;
    if (seen.projectId) await projectsQueries.lock(tx, seen.projectId);
    const [row] = await donationsRepository.lock(tx, [donationId]);
    if (row?.projectId)
      await projectsWrites.lockDonors(tx, row.projectId, { type: row.donorType, id: row.donorId });
    return row;
  }

  /** What a charity can be paid out, or refund a delivered gift from: its funds less undelivered direct gifts. */
  async function availableOf(executor: Executor, charityId: number): Promise<number> {
    const balances = await ledger.balances(executor, { ownerType: 'charity', ownerId: charityId });
    const undelivered = await refundsRepository.undeliveredDirect(executor, charityId);
    return Math.max(0, balances.charityFunds - undelivered);
  }

  /**
   * Where a refund's money comes from: the gift's project or charity funds; for a delivered gift the
   * charity must still hold it (not paid out), unless the platform pays (a platform admin's decision,
   * or a provider's refund or dispute that has already taken the money).
   */
  async function sourceFor(
    tx: Executor,
    row: DonationRow,
    amount: number,
    platformMayPay: boolean,
  ): Promise<Source> {
    if (isHeld(row)) return { account: account(donorOwner(row), 'held'), fromPlatform: false };
    const owner = restingOwner(row);
    // A delivered gift's money is part of what the charity can be paid out: read under its lock.
    if (row.status === completed) await charitiesWrites.lockMoney(tx, row.charityId);
    if (row.status === completed && (await availableOf(tx, row.charityId)) < amount) {
      if (!platformMayPay)
        throw new AppError(
          409,
          'ALREADY_PAID_OUT',
          'The charity has already been paid out this money. Only a platform admin can refund it, from the platform’s own funds.',
        );
      return { account: PLATFORM.losses, fromPlatform: true };
    }
    return { account: fundsOf(owner), fromPlatform: false };
  }

  /** What of a gift can still be refunded: not already refunded, nor on its way back to a card. */
  async function leftToRefund(tx: Executor, row: DonationRow) {
    return remainingOf(row) - (await refundsRepository.pendingAmount(tx, row.id));
  }

  /** Refuses a refund of a gift that cannot take one, or of more than is left; answers the amount. */
  async function checkRefundable(
    tx: Executor,
    row: DonationRow,
    amount: number | undefined,
  ): Promise<number> {
    if (row.type !== GIVING_TYPE.funds || row.amount === null)
      throw new AppError(409, 'NOT_REFUNDABLE', 'Only gifts of funds can be refunded.');
    if (row.status === canceled)
      throw new AppError(409, 'NOT_REFUNDABLE', 'This gift has already been returned to its giver.');
    if (row.status !== approved && row.status !== completed)
      throw new AppError(
        409,
        'NOT_REFUNDABLE',
        'This gift is still waiting for approval: decline it instead, and its money goes back.',
      );
    if (await refundsRepository.openDisputeOf(tx, row.id))
      throw new AppError(
        409,
        'DISPUTE_OPEN',
        'The giver’s bank is disputing this payment: the dispute’s outcome settles it.',
      );
    const left = await leftToRefund(tx, row);
    if (left <= 0)
      throw new AppError(409, 'NOTHING_LEFT', 'All of this gift has been refunded, or is on its way back.');
    const wanted = amount ?? left;
    if (wanted > left) {
      const most = `At most ${formatMoney(left, ctx.config.currency)} is left to refund.`;
      throw new AppError(409, 'REFUND_TOO_LARGE', most, { fields: { amount: most }, left });
    }
    return wanted;
  }

  /** Moves refunded money to the giver: to the wallet or credits, or out to the card. */
  async function payBack(
    tx: Tx,
    row: DonationRow,
    from: AccountRef,
    amount: number,
    actor: Actor,
    refundId: number,
  ) {
    const destination = refundDestinationOf(row);
    const what = `Refund of donation ${row.id}`;
    if (destination === 'card')
      await ledger.refundToCard(
        tx,
        from,
        donorOwner(row),
        amount,
        meta(row, 'refund', `${what} to the card`, actor, { refund_id: refundId }),
      );
    else
      await ledger.transfer(
        tx,
        from,
        account(donorOwner(row), destination),
        amount,
        meta(row, 'refund', what, actor, { refund_id: refundId }),
      );
  }

  /** Gift Aid on what is left: reduced while unclaimed; claimed, the difference waits for the next claim. */
  async function giftAidAfter(tx: Tx, row: DonationRow, refunded: number, refundId: number) {
    if (!row.giftAid) return {};
    const after = giftAidOf((row.amount ?? 0) - refunded);
    if (row.giftAidClaimId === null) return { giftAidAmount: after };
    const claimedBefore = giftAidOf((row.amount ?? 0) - row.refundedAmount);
    if (claimedBefore > after)
      await refundsRepository.insertAdjustment(tx, {
        charityId: row.charityId,
        donationId: row.id,
        refundId,
        amount: claimedBefore - after,
        createdAt: ctx.now(),
      });
    return {};
  }

  /** An employer's match of this gift, reduced in proportion to what is left of it. */
  async function reduceMatches(tx: Tx, gift: DonationRow, actor: Actor, reason: string) {
    const matches = await donationsRepository.lockMatchesOf(tx, gift.id);
    for (const match of matches) {
      if (match.status === canceled || match.amount === null || gift.amount === null) continue;
      const due = Math.floor((match.amount * gift.refundedAmount) / gift.amount);
      const amount = Math.min(due - match.refundedAmount, await leftToRefund(tx, match));
      if (amount <= 0) continue;
      const source = await sourceFor(tx, match, amount, true);
      await refund(tx, match, {
        amount,
        reason: `The gift it matches was refunded: ${reason}`,
        actor,
        origin: 'kindred',
        source,
      });
    }
  }

  /** Mails the giver their credit note: a person at their address, a guest with their manage link. */
  async function mailCreditNote(tx: Tx, row: DonationRow, refund: RefundRow) {
    let email: string | null = null;
    if (row.donorType === 'user') {
      const donor = await usersQueries.find(tx, row.donorId);
      email = donor && !donor.deletedAt ? donor.email : null;
    } else if (row.donorType === 'guest')
      email = (await guestsRepository.find(tx, row.donorId))?.email ?? null;
    if (!email) return;
    const donation = await views.presentOne(row, tx);
    const wire = donation.refunds.find((r) => r.id === refund.id);
    if (wire)
      await ctx.notices.queue(
        tx,
        creditNoteMail(donation, wire, email, ctx.config.currency, views.linksOf(donation)),
      );
  }

  /**
   * The money is back with the giver: the gift records it (a full refund ends it at 90), its
   * project's figures drop, its Gift Aid and match follow, the refund gets its credit note and the
   * giver a mail.
   */
  async function settled(tx: Tx, row: DonationRow, refund: RefundRow, actor: Actor) {
    const refunded = row.refundedAmount + refund.amount;
    const full = refunded >= (row.amount ?? 0);
    const counted = row.status === approved || row.status === completed;
    let updated = await donationsRepository.update(tx, row.id, {
      refundedAmount: refunded,
      ...(await giftAidAfter(tx, row, refunded, refund.id)),
      updatedAt: ctx.now(),
    });
    if (full) {
      updated = await flow.record(tx, updated, canceled, {
        userId: actor.userId,
        reason: `Refunded: ${refund.reason}`,
      });
      await ctx.events.record(tx, 'donation.status_changed', {
        donation_id: row.id,
        project_id: row.projectId,
        charity_id: row.charityId,
        from: row.status,
        status: canceled,
      });
    }
    // A gift refunded whole stops counting for its donor (the donors count drops on their last).
    if (counted && row.projectId)
      await projectsWrites.addProgress(
        tx,
        row.projectId,
        { funds: -refund.amount },
        full ? { type: row.donorType, id: row.donorId, counted: -1 } : undefined,
      );
    // What a fundraising page raised drops by it too; a gift refunded whole no longer counts there.
    if (counted && row.fundraiserId)
      await fundraisersWrites.addProgress(tx, row.fundraiserId, {
        raised: -refund.amount,
        gifts: full ? -1 : 0,
      });
    const done = await refundsRepository.updateRefund(tx, refund.id, {
      status: 'succeeded',
      creditNoteNumber: await refundsRepository.nextCreditNote(tx, ctx.now().getUTCFullYear()),
      completedAt: ctx.now(),
    });
    await ctx.events.record(tx, 'donation.refunded', {
      donation_id: row.id,
      project_id: row.projectId,
      charity_id: row.charityId,
      refund_id: done.id,
      amount: done.amount,
    });
    await reduceMatches(tx, updated, actor, refund.reason);
    await mailCreditNote(tx, updated, done);
    return { row: updated, refund: done };
  }

  /** A refund made whole in the caller's transaction: the money moves, the gift records it. */
  async function refund(tx: Tx, row: DonationRow, input: RefundInput) {
    const made = await refundsRepository.insertRefund(tx, {
      donationId: row.id,
      amount: input.amount,
      reason: input.reason,
      status: 'pending',
      destination: refundDestinationOf(row),
      origin: input.origin,
      fromPlatform: input.source.fromPlatform,
      providerRefundId: input.providerRefundId ?? null,
      createdBy: input.actor.userId,
      createdAt: ctx.now(),
    });
    await payBack(tx, row, input.source.account, input.amount, input.actor, made.id);
    return settled(tx, row, made, input.actor);
  }

  /**
   * A refund to a card, first half: the money is set aside in the held balance of where the gift
   * rests while the provider refunds the card (`finishCardRefund`), so the charity cannot be paid it
   * out meanwhile and a second refund cannot take it again.
   */
  async function startCardRefund(tx: Tx, row: DonationRow, input: Omit<RefundInput, 'origin'>) {
    const owner = restingOwner(row);
    const made = await refundsRepository.insertRefund(tx, {
      donationId: row.id,
      amount: input.amount,
      reason: input.reason,
      status: 'pending',
      destination: 'card',
      origin: 'kindred',
      fromPlatform: input.source.fromPlatform,
      heldOwnerType: owner.ownerType,
      heldOwnerId: owner.ownerId,
      createdBy: input.actor.userId,
      createdAt: ctx.now(),
    });
    await ledger.transfer(
      tx,
      input.source.account,
      heldOf(owner),
      input.amount,
      meta(row, 'refund_hold', `Refund of donation ${row.id} on its way to the card`, input.actor, {
        refund_id: made.id,
      }),
    );
    return made;
  }

  const pendingOwner = (refund: RefundRow) => ({
    ownerType: refund.heldOwnerType ?? 'charity',
    ownerId: refund.heldOwnerId ?? 0,
  });

  /** Second half: the provider refunded the card; the set-aside money leaves and the gift records it. */
  async function finishCardRefund(tx: Tx, refundId: number, providerRefundId: string) {
    const pending = await refundsRepository.lockRefund(tx, refundId);
    if (pending?.status !== 'pending') return pending;
    const row = await lockGift(tx, pending.donationId);
    if (!row) return pending;
    const actor = { userId: pending.createdBy };
    const withId = await refundsRepository.updateRefund(tx, pending.id, { providerRefundId });
    await payBack(tx, row, heldOf(pendingOwner(pending)), pending.amount, actor, pending.id);
    return (await settled(tx, row, withId, actor)).refund;
  }

  /** The provider refused the card's refund: the set-aside money goes back where it was. */
  async function failCardRefund(tx: Tx, refundId: number, message: string) {
    const pending = await refundsRepository.lockRefund(tx, refundId);
    if (pending?.status !== 'pending') return pending;
    const row = await lockGift(tx, pending.donationId);
    if (!row) return pending;
    const back = pending.fromPlatform ? PLATFORM.losses : fundsOf(restingOwner(row));
    await ledger.transfer(
      tx,
      heldOf(pendingOwner(pending)),
      back,
      pending.amount,
      meta(
        row,
        'refund_release',
        `Refund of donation ${row.id} did not go through`,
        { userId: pending.createdBy },
        { refund_id: pending.id },
      ),
    );
    return refundsRepository.updateRefund(tx, pending.id, {
      status: 'failed',
      failureMessage: message,
      completedAt: ctx.now(),
    });
  }

  /** The disputed money set aside from where the gift rests (what the charity still holds of it). */
  async function holdForDispute(tx: Tx, row: DonationRow, amount: number, actor: Actor, disputeId: number) {
    if (isHeld(row) || row.status === canceled) return { heldAmount: 0, owner: null };
    const owner = restingOwner(row);
    if (row.status === completed) await charitiesWrites.lockMoney(tx, row.charityId);
    const heldAmount =
      row.status === completed ? Math.min(amount, await availableOf(tx, row.charityId)) : amount;
    if (heldAmount > 0)
      await ledger.transfer(
        tx,
        fundsOf(owner),
        heldOf(owner),
        heldAmount,
        meta(row, 'dispute_hold', `Donation ${row.id} disputed by the giver’s bank`, actor, {
          dispute_id: disputeId,
        }),
      );
    return { heldAmount, owner };
  }

  /** A dispute won: the set-aside money goes back to where the gift rests now. */
  async function releaseDispute(
    tx: Tx,
    row: DonationRow,
    held: { amount: number; ownerType: HeldOwnerType | null; ownerId: number | null },
    actor: Actor,
    disputeId: number,
  ) {
    if (held.amount <= 0 || !held.ownerType || held.ownerId === null) return;
    await ledger.transfer(
      tx,
      heldOf({ ownerType: held.ownerType, ownerId: held.ownerId }),
      // A gift returned meanwhile (its project cancelled): this part goes back to its giver too.
      row.status === canceled ? account(donorOwner(row), fundsAccountOf(row)) : fundsOf(restingOwner(row)),
      held.amount,
      meta(row, 'dispute_release', `Dispute of donation ${row.id} won`, actor, { dispute_id: disputeId }),
    );
  }

  /**
   * A dispute lost: the bank has already given the money back, so nothing is asked of the provider.
   * What was set aside pays it; what the charity no longer held, the platform's own funds.
   */
  async function disputeLost(
    tx: Tx,
    row: DonationRow,
    disputed: number,
    held: { amount: number; ownerType: HeldOwnerType | null; ownerId: number | null },
    actor: Actor,
  ) {
    // A gift already returned to its giver is the reconciliation's to list, not ours to move.
    if (row.status === canceled) return;
    const amount = Math.min(disputed, await leftToRefund(tx, row));
    if (amount <= 0) return;
    const fromHeld = held.ownerType && held.ownerId !== null ? Math.min(held.amount, amount) : 0;
    const rest = amount - fromHeld;
    const made = await refundsRepository.insertRefund(tx, {
      donationId: row.id,
      amount,
      reason: 'The giver’s bank decided the dispute for the giver.',
      status: 'pending',
      destination: 'card',
      origin: 'dispute',
      fromPlatform: rest > 0 && !isHeld(row),
      createdBy: null,
      createdAt: ctx.now(),
    });
    if (fromHeld > 0 && held.ownerType && held.ownerId !== null)
      await payBack(
        tx,
        row,
        heldOf({ ownerType: held.ownerType, ownerId: held.ownerId }),
        fromHeld,
        actor,
        made.id,
      );
    if (rest > 0) {
      const source = await sourceFor(tx, row, rest, true);
      await payBack(tx, row, source.account, rest, actor, made.id);
    }
    await settled(tx, row, made, actor);
  }

  return {
    lockGift,
    availableOf,
    sourceFor,
    checkRefundable,
    leftToRefund,
    refund,
    startCardRefund,
    finishCardRefund,
    failCardRefund,
    holdForDispute,
    releaseDispute,
    disputeLost,
  };
}
export type MoneyBack = ReturnType<typeof moneyBack>;
