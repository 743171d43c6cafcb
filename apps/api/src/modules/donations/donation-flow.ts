import {
  DONATION_METHOD,
  GIVING_TYPE,
  labelOf,
  TRANSACTION_STATUS,
  TRANSACTION_STATUSES,
} from '@kindred/shared';
import type { Tx } from '../../db/client.js';
import type { EventBus } from '../../events/event-bus.js';
import { AppError } from '../../lib/errors.js';
import { fundraisersWrites } from '../fundraisers/index.js';
import { type AccountRef, account, type LedgerService, type Owner } from '../ledger/index.js';
import { type ProjectProgressDelta, projectsWrites } from '../projects/index.js';
import { type DonationRow, donationsRepository } from './donations.repository.js';
import { refundsRepository } from './refunds.repository.js';

const {
  awaitingOrganisationApproval,
  awaitingCharityApproval,
  awaitingPlatformAdminApproval,
  approved,
  completed,
  canceled,
} = TRANSACTION_STATUS;
const { funds, volunteering, skilledVolunteering, gifts } = GIVING_TYPE;

/** Where a gift goes: a project (method 1) or straight to a charity (method 2). */
export type GiftTarget = { kind: 'project'; id: number } | { kind: 'charity'; id: number };

/** Who gives: a person or an organisation (whose money it is), or a guest giving by card. */
export type GiftDonor = { ownerType: 'user' | 'business' | 'guest'; ownerId: number };

/** Who made a change (null for the scheduler) and why. */
export interface Actor {
  userId: number | null;
  reason?: string | null;
}

export const donorOwner = (row: Pick<DonationRow, 'donorType' | 'donorId'>): Owner => ({
  ownerType: row.donorType,
  ownerId: row.donorId,
});

/** Where a funds donation's money rests while it is Approved: the project's or the charity's funds. */
export function destinationOf(row: Pick<DonationRow, 'method' | 'projectId' | 'charityId'>): AccountRef {
  return row.method === DONATION_METHOD.project && row.projectId
    ? account({ ownerType: 'project', ownerId: row.projectId }, 'project_funds')
    : account({ ownerType: 'charity', ownerId: row.charityId }, 'charity_funds');
}

/**
 * The giver's account a gift's money is held from or goes back to: a card gift's money passed
 * through the wallet, so returned money goes to the wallet until refunds to the card exist.
 */
export const fundsAccountOf = (row: Pick<DonationRow, 'source'>): 'wallet' | 'credits' =>
  row.source === 'credits' ? 'credits' : 'wallet';

/** What is left of a gift of funds once its refunds are taken off (all of it until one is refunded). */
export const remainingOf = (row: Pick<DonationRow, 'amount' | 'refundedAmount'>) =>
  (row.amount ?? 0) - row.refundedAmount;

const statusLabel = (status: number) => labelOf(TRANSACTION_STATUSES, status) ?? String(status);

export function invalidMove(row: DonationRow, to: number) {
  return new AppError(
    409,
    'INVALID_DONATION_STATUS',
    `Donation ${row.id} is ${statusLabel(row.status)}: it cannot become ${statusLabel(to)}.`,
    { donation_id: row.id, status: row.status, to },
  );
}

/** Hours a pledge still counts for: the confirmed hours once completed, the pledge before. */
const countedHours = (row: DonationRow) => row.confirmedHours ?? row.hours ?? 0;

/** What a donation adds to its project's progress while counted (sign: +1 to add, -1 to take back). */
function progressOf(row: DonationRow, sign: 1 | -1): ProjectProgressDelta {
  switch (row.type) {
    case funds:
      return { funds: sign * remainingOf(row) };
    case volunteering:
      return { volunteering: sign * countedHours(row) };
    case skilledVolunteering:
      return { skilled: sign * countedHours(row) };
    case gifts:
      return { gifts: sign * (row.quantity ?? 0) };
    default:
      return {};
  }
}

/**
 * The state machine (docs/product/donations.md#transitions) with its money: every status change of
 * a donation, and the ledger movement and project progress that go with it, in the caller's
 * transaction. Nothing else changes a donation's status or moves its money.
 */
export function donationFlow(ledger: LedgerService, now: () => Date, events?: EventBus) {
  const meta = (row: DonationRow, kind: string, description: string, actor: Actor) => ({
    kind,
    description,
    createdBy: actor.userId,
    donationId: row.id,
    reference: { donation_id: row.id },
  });

  async function record(
    tx: Tx,
    row: DonationRow,
    status: number,
    actor: Actor,
    extra: Partial<DonationRow> = {},
    receiptYear?: number,
  ) {
    const change = { status, updatedAt: now(), by: actor.userId, reason: actor.reason ?? null };
    // Most changes are of the status alone: the change and its history row in one statement.
    if (Object.keys(extra).length === 0)
      return donationsRepository.setStatus(tx, row.id, change, receiptYear);
    const updated = await donationsRepository.update(tx, row.id, {
      ...extra,
      status,
      updatedAt: change.updatedAt,
    });
    await donationsRepository.addHistory(tx, {
      donationId: row.id,
      status,
      by: change.by,
      reason: change.reason,
      at: change.updatedAt,
    });
    return updated;
  }

  /**
   * Counts a donation into its project's progress (the donors count moves on a donor's first), and
   * a gift of funds into the fundraising page it came through; its fundraiser is told of a new one.
   */
  async function count(tx: Tx, row: DonationRow, sign: 1 | -1) {
    if (row.fundraiserId && row.type === funds) {
      await fundraisersWrites.addProgress(tx, row.fundraiserId, {
        raised: sign * remainingOf(row),
        gifts: sign,
      });
      if (sign === 1)
        await events?.record(tx, 'fundraiser.gift_counted', {
          fundraiser_id: row.fundraiserId,
          donation_id: row.id,
          charity_id: row.charityId,
          amount: remainingOf(row),
        });
    }
    if (!row.projectId) return;
    await projectsWrites.addProgress(tx, row.projectId, progressOf(row, sign), {
      type: row.donorType,
      id: row.donorId,
      counted: sign,
    });
  }

  /**
   * The money of a gift of funds approved at once: from the giver's wallet or credits (a card's
   * passes through the wallet) to the project's or charity's funds. `whileLive`: the project was
   * read without its lock, and the ledger checks it is still live under its funds account's lock.
   */
  function giftMovement(row: DonationRow, actor: Actor, whileLive?: number) {
    const card = row.source === 'card';
    return {
      from: account(donorOwner(row), fundsAccountOf(row)),
      to: destinationOf(row),
      meta: {
        ...meta(row, 'donation', `Donation ${row.id}${card ? ' by card' : ''}`, actor),
        ...(whileLive !== undefined ? { whileLive } : {}),
      },
    };
  }

  /** The year of the receipt number an approved gift of funds gets (once), given by the status update itself. */
  const receiptYear = (row: DonationRow) =>
    row.type !== funds || row.receiptNumber ? undefined : now().getUTCFullYear();

  return {
    record,
    giftMovement,

    /** The status a new donation starts in (docs/product/donations.md#transitions), as `start` moves it. */
    startingStatus(type: number, options: { review: boolean; signoff?: boolean }): number {
      if (options.signoff) return awaitingOrganisationApproval;
      if (type !== funds) return awaitingCharityApproval;
      return options.review ? awaitingPlatformAdminApproval : approved;
    },

    /**
     * A new donation enters the flow: funds move now (straight to the project or charity, or into
     * the donor's held balance when the platform must look first); offers of time and goods wait.
     */
    async start(
      tx: Tx,
      row: DonationRow,
      /**
       * `whileLive`: the project was read without its lock (a gift of funds); the ledger checks
       * it is still live under its funds account's lock.
       */
      options: {
        review: boolean;
        signoff?: boolean;
        whileLive?: number;
        /**
         * What the caller writes once the donation has its status and before its money moves (its
         * receipt): the money last (docs/product/donations.md#the-order-a-gift-takes-its-locks).
         */
        beforeMoney?: (row: DonationRow) => Promise<void>;
        /** The row was written at its starting status with its history (`startingStatus`). */
        recorded?: boolean;
      },
      actor: Actor,
    ): Promise<DonationRow> {
      const beforeMoney = options.beforeMoney ?? (async () => {});
      const enter = (status: number, year?: number) =>
        options.recorded ? Promise.resolve(row) : record(tx, row, status, actor, {}, year);
      // On behalf of an organisation: 20 until its sign-off admins approve, funds held meanwhile.
      if (options.signoff) {
        const waiting = await enter(awaitingOrganisationApproval);
        await beforeMoney(waiting);
        if (row.type === funds && row.source === 'card')
          await ledger.payByCard(
            tx,
            donorOwner(row),
            account(donorOwner(row), 'held'),
            row.amount ?? 0,
            meta(row, 'donation_hold', `Donation ${row.id} by card, waiting for sign-off`, actor),
          );
        else if (row.type === funds)
          await ledger.hold(
            tx,
            donorOwner(row),
            row.amount ?? 0,
            meta(row, 'donation_hold', `Donation ${row.id}, waiting for sign-off`, actor),
            fundsAccountOf(row),
          );
        return waiting;
      }
      if (row.type !== funds) {
        const updated = await enter(awaitingCharityApproval);
        await count(tx, updated, 1);
        await beforeMoney(updated);
        return updated;
      }
      const amount = row.amount ?? 0;
      const card = row.source === 'card';
      if (options.review) {
        const waiting = await enter(awaitingPlatformAdminApproval);
        await beforeMoney(waiting);
        const holdMeta = meta(row, 'donation_hold', `Donation ${row.id}, waiting for review`, actor);
        if (card)
          await ledger.payByCard(tx, donorOwner(row), account(donorOwner(row), 'held'), amount, holdMeta);
        else await ledger.hold(tx, donorOwner(row), amount, holdMeta, fundsAccountOf(row));
        return waiting;
      }
      // The donation's own rows and the progress first, the money last: the project's funds
      // account, which every gift to the project locks, is held for the shortest time, and every
      // move takes the progress rows before the ledger's (docs/product/donations.md#the-order-a-gift-takes-its-locks).
      const updated = await enter(approved, receiptYear(row));
      await count(tx, updated, 1);
      await beforeMoney(updated);
      const gift = giftMovement(row, actor, options.whileLive);
      if (card) await ledger.payByCard(tx, donorOwner(row), gift.to, amount, gift.meta);
      else await ledger.transfer(tx, gift.from, gift.to, amount, gift.meta);
      return updated;
    },

    /**
     * Moves one donation to a status, with its money and progress, and records the change
     * (`donation.status_changed`, docs/product/events.md); refuses any other move (409).
     */
    async move(
      tx: Tx,
      row: DonationRow,
      to: number,
      actor: Actor,
      options: { confirmedHours?: number } = {},
    ): Promise<DonationRow> {
      const updated = await transition(tx, row, to, actor, options);
      await events?.record(tx, 'donation.status_changed', {
        donation_id: row.id,
        project_id: row.projectId,
        charity_id: row.charityId,
        from: row.status,
        status: updated.status,
      });
      return updated;
    },
  };

  async function transition(
    tx: Tx,
    row: DonationRow,
    to: number,
    actor: Actor,
    options: { confirmedHours?: number },
  ): Promise<DonationRow> {
    const from = row.status;
    const isFunds = row.type === funds;
    // 20 -> 30: signed off, an offer of time or goods now waits for the charity.
    if (from === awaitingOrganisationApproval && to === awaitingCharityApproval && !isFunds) {
      const updated = await record(tx, row, to, actor);
      await count(tx, updated, 1);
      return updated;
    }
    // 20 -> 40: signed off, but the platform must look first; the money stays held.
    if (from === awaitingOrganisationApproval && to === awaitingPlatformAdminApproval && isFunds)
      return record(tx, row, to, actor);
    // 20 -> 90: the organisation's sign-off admins reject; held money goes back.
    if (from === awaitingOrganisationApproval && to === canceled) {
      if (isFunds)
        await ledger.release(
          tx,
          donorOwner(row),
          remainingOf(row),
          meta(row, 'donation_release', `Donation ${row.id} rejected at sign-off`, actor),
          fundsAccountOf(row),
        );
      return record(tx, row, to, actor);
    }
    // 30 -> 80: the charity accepts an offer of time or goods.
    if (from === awaitingCharityApproval && to === approved && !isFunds) return record(tx, row, to, actor);
    // 30 | 80 -> 85: the time was given or the gift received (perhaps fewer hours than pledged).
    if ((from === awaitingCharityApproval || from === approved) && to === completed && !isFunds) {
      const pledged = row.hours ?? 0;
      const given = row.hours === null ? null : Math.min(options.confirmedHours ?? pledged, pledged);
      const updated = await record(tx, row, to, actor, { confirmedHours: given });
      if (row.projectId && given !== null) {
        const declined = pledged - given;
        const kind = row.type === volunteering ? 'volunteering' : 'skilled';
        await projectsWrites.addProgress(tx, row.projectId, { [kind]: -declined, confirmed: given });
      }
      return updated;
    }
    // 30 | 80 -> 90: the charity declines an offer of time or goods.
    if ((from === awaitingCharityApproval || from === approved) && to === canceled && !isFunds) {
      const updated = await record(tx, row, to, actor);
      await count(tx, row, -1);
      return updated;
    }
    // 40 -> 80: the platform approves (20 -> 80: the organisation signed off); the held money
    // goes to the project or charity.
    if (
      (from === awaitingPlatformAdminApproval || from === awaitingOrganisationApproval) &&
      to === approved &&
      isFunds
    ) {
      const updated = await record(tx, row, to, actor, {}, receiptYear(row));
      await count(tx, updated, 1);
      await ledger.capture(
        tx,
        donorOwner(row),
        destinationOf(row),
        remainingOf(row),
        meta(row, 'donation_capture', `Donation ${row.id}, approved`, actor),
      );
      return updated;
    }
    // 40 -> 90: the held money goes back where it came from.
    if (from === awaitingPlatformAdminApproval && to === canceled && isFunds) {
      await ledger.release(
        tx,
        donorOwner(row),
        remainingOf(row),
        meta(row, 'donation_release', `Donation ${row.id} returned`, actor),
        fundsAccountOf(row),
      );
      return record(tx, row, to, actor);
    }
    // 80 -> 90: what is left of the money given is returned, from the project's or charity's funds
    // (money set aside for a dispute or a card's refund follows its own outcome).
    if (from === approved && to === canceled && isFunds) {
      await count(tx, row, -1);
      const returned = remainingOf(row) - (await refundsRepository.setAsideOf(tx, row.id));
      if (returned > 0)
        await ledger.transfer(
          tx,
          destinationOf(row),
          account(donorOwner(row), fundsAccountOf(row)),
          returned,
          meta(row, 'donation_refund', `Donation ${row.id} returned`, actor),
        );
      return record(tx, row, to, actor);
    }
    // 80 -> 85: delivered (the project completed and paid its charity, or a direct gift paid out).
    if (from === approved && to === completed && isFunds) return record(tx, row, to, actor);
    throw invalidMove(row, to);
  }
}
export type DonationFlow = ReturnType<typeof donationFlow>;
