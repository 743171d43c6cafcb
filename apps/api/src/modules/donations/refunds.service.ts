import {
  type AnswerRefundRequestBody,
  type PageQuery,
  REFUND_REQUEST_DAYS,
  type RefundBody,
  type RefundRequestBody,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { timedPage } from '../../lib/pagination.js';
import { charitiesQueries } from '../charities/index.js';
import { ledgerQueries, runIdempotent } from '../ledger/index.js';
import { giftPaymentsQueries, type PaymentProvider, ProviderError } from '../payments/index.js';
import { projectsQueries } from '../projects/index.js';
import { creditNotePdf } from './credit-notes.js';
import { donationViews, keyset, presentRefundRequest } from './donation-views.js';
import { type DonationRow, donationsQueries, donationsRepository } from './donations.repository.js';
import type { GiftRecorder } from './gift-recorder.js';
import { readManageToken } from './manage-links.js';
import { moneyBack, refundDestinationOf } from './money-back.js';
import { type RefundRow, refundsRepository } from './refunds.repository.js';

/** A refund to a card still with the provider this long is asked again by the open-refunds round. */
const OPEN_REFUND_AGE_MS = 2 * 60 * 1000;

/** The provider's idempotency key of one refund: asked again, it is the same refund. */
const refundKey = (refund: { id: number }) => `kindred-refund-${refund.id}`;

/**
 * Refunds (docs/product/refunds-and-disputes.md): by the charity's admins or a platform admin,
 * givers' requests the charity answers, credit notes, and refunds to cards finished with the
 * provider.
 */
export function refundsService(ctx: AppContext, recorder: GiftRecorder, provider: PaymentProvider) {
  const db = () => ctx.database.db;
  const back = moneyBack(ctx, recorder);
  const views = donationViews(ctx);

  async function donationOf(id: number, executor = db()): Promise<DonationRow> {
    const row = await donationsRepository.find(executor, id);
    if (!row) throw notFound('The donation');
    return row;
  }

  /** The charity's admins, or a platform admin (who may also pay from the platform's own funds). */
  async function requireRefunder(auth: AuthUser | null, row: DonationRow) {
    if (!auth) throw unauthorized();
    if (await ctx.access.can(auth, Permission.PlatformDonationsReview)) return { user: auth, platform: true };
    await ctx.access.require(auth, Permission.CharityDonationsRefund, [row.charityId]);
    return { user: auth, platform: false };
  }

  /** The giver: the person who gave, or an admin of the organisation that gave. */
  async function requireGiver(auth: AuthUser | null, row: DonationRow) {
    if (!auth) throw unauthorized();
    if (row.donorType === 'user' && row.donorId === auth.id) return auth;
    if (
      row.donorType === 'business' &&
      (await ctx.access.can(auth, Permission.BusinessWalletManage, row.donorId))
    )
      return auth;
    throw notFound('The donation');
  }

  /** Anyone who may see the gift: its giver, the charity's people who see its gifts, platform admins. */
  async function requireViewer(auth: AuthUser | null, row: DonationRow) {
    if (!auth) throw unauthorized();
    if (row.donorType === 'user' && row.donorId === auth.id) return;
    const checks = [
      row.donorType === 'business' && ctx.access.can(auth, Permission.BusinessDonationsRead, row.donorId),
      ctx.access.can(auth, Permission.CharityDonationsRead, row.charityId),
      ctx.access.can(auth, Permission.PlatformDonationsRead),
    ];
    for (const check of checks) if (check && (await check)) return;
    throw notFound('The donation');
  }

  async function answerOf(refund: RefundRow) {
    const row = await donationOf(refund.donationId);
    const donation = await views.presentOne(row);
    const presented = donation.refunds.find((r) => r.id === refund.id);
    if (!presented) throw new Error(`refund ${refund.id} not presented`);
    return {
      refund: presented,
      donation_id: row.id,
      refunded_amount: row.refundedAmount,
      status: row.status,
      status_label: donation.status_label,
    };
  }

  /**
   * Asks the provider to refund the card, then finishes the refund. A refusal gives the set-aside
   * money back and is answered; a lost answer leaves the refund pending for the open-refunds round
   * (the same idempotency key never refunds twice).
   */
  async function sendToCard(refund: RefundRow): Promise<RefundRow> {
    const row = await donationOf(refund.donationId);
    const payment = row.paymentId === null ? undefined : await giftPaymentsQueries.find(db(), row.paymentId);
    try {
      if (!payment?.providerPaymentId)
        throw new ProviderError('The card payment of this gift was not found.', false);
      const remote = await provider.refundPayment({
        paymentId: payment.providerPaymentId,
        amount: refund.amount,
        idempotencyKey: refundKey(refund),
        reference: String(refund.id),
      });
      return (await db().transaction((tx) => back.finishCardRefund(tx, refund.id, remote.id))) ?? refund;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return (await db().transaction((tx) => back.failCardRefund(tx, refund.id, error.message))) ?? refund;
    }
  }

  /** A refund by someone who may: in one transaction, or its card half sent to the provider after it. */
  async function refundAs(
    userId: number,
    donationId: number,
    input: { amount?: number | undefined; reason: string; platformPays: boolean },
    idempotency: IdempotencyRequest | null,
    alongside?: (tx: Tx, refund: RefundRow) => Promise<void>,
  ) {
    const work = async (tx: Tx) => {
      const row = await back.lockGift(tx, donationId);
      if (!row) throw notFound('The donation');
      const amount = await back.checkRefundable(tx, row, input.amount);
      const source = await back.sourceFor(tx, row, amount, input.platformPays);
      const actor = { userId, reason: input.reason };
      const made =
        refundDestinationOf(row) === 'card'
          ? await back.startCardRefund(tx, row, { amount, reason: input.reason, actor, source })
          : (await back.refund(tx, row, { amount, reason: input.reason, actor, origin: 'kindred', source }))
              .refund;
      await alongside?.(tx, made);
      return { statusCode: 201, body: { refund_id: made.id } };
    };
    const first = idempotency
      ? await runIdempotent(db(), idempotency, ctx.now(), work)
      : await db().transaction(work);
    let refund = await refundsRepository.findRefund(db(), donationId, first.body.refund_id);
    if (!refund) throw notFound('The refund');
    if (refund.status === 'pending') refund = await sendToCard(refund);
    if (refund.status === 'failed')
      throw new AppError(
        409,
        'REFUND_FAILED',
        `The card could not be refunded: ${refund.failureMessage ?? 'the payment provider refused it'}. Nothing was taken from the funds.`,
      );
    return answerOf(refund);
  }

  return {
    /** POST /donation/{id}/refund: all or part of what is left, back the way it came. */
    async refund(
      auth: AuthUser | null,
      donationId: number,
      body: RefundBody,
      idempotency: IdempotencyRequest,
    ) {
      const row = await donationOf(donationId);
      const { user, platform } = await requireRefunder(auth, row);
      if (body.from_platform && !platform)
        throw forbidden('Only platform admins can refund from the platform’s own funds.');
      return refundAs(
        user.id,
        donationId,
        { amount: body.amount, reason: body.reason, platformPays: platform && body.from_platform === true },
        idempotency,
      );
    },

    /** POST /donation/{id}/refund_request: the giver asks, within 30 days of giving. */
    async requestRefund(auth: AuthUser | null, donationId: number, body: RefundRequestBody) {
      const row = await donationOf(donationId);
      const user = await requireGiver(auth, row);
      return { refund_request: presentRefundRequest(await ask(donationId, user.id, body.reason)) };
    },

    /** POST /manage/{token}/refund_request: a guest asks from their gift's link (the token is the check). */
    async requestRefundByLink(token: string, body: RefundRequestBody) {
      const row = await giftOfLink(token);
      return { refund_request: presentRefundRequest(await ask(row.id, null, body.reason)) };
    },

    /** GET /charity/{id}/refund_requests: the inbox's requests, open first by default, each with its gift. */
    async requestsOfCharity(
      auth: AuthUser | null,
      charityId: number,
      status: 'open' | 'accepted' | 'declined' | undefined,
      query: PageQuery,
    ) {
      await ctx.access.require(auth, Permission.CharityDonationsRead, [charityId]);
      const rows = await refundsRepository.requestsOfCharity(db(), charityId, status ?? null, keyset(query));
      const page = timedPage(rows, query, (row) => row.request);
      const gifts = await donationsQueries.byIds(
        db(),
        page.items.map((request) => request.donationId),
      );
      const donations = await views.present([...gifts.values()]);
      const byId = new Map(donations.map((d) => [d.id, d]));
      return {
        ...page,
        items: page.items.flatMap((request) => {
          const donation = byId.get(request.donationId);
          return donation ? [{ ...presentRefundRequest(request), donation }] : [];
        }),
      };
    },

    /** POST /charity/{id}/refund_requests/{requestId}: accept (what is left is refunded) or decline with a reason. */
    async answerRequest(
      auth: AuthUser | null,
      charityId: number,
      requestId: number,
      body: AnswerRefundRequestBody,
      idempotency: IdempotencyRequest,
    ) {
      const user = await ctx.access.require(auth, Permission.CharityDonationsRefund, [charityId]);
      const found = await refundsRepository.findRequest(db(), charityId, requestId);
      if (!found) throw notFound('The refund request');
      if (body.action === 'decline') {
        const declined = await db().transaction(async (tx) => {
          const request = await lockOpenRequest(tx, charityId, requestId);
          return refundsRepository.updateRequest(tx, request.id, {
            status: 'declined',
            answer: body.reason ?? null,
            answeredBy: user.id,
            answeredAt: ctx.now(),
          });
        });
        return { refund_request: presentRefundRequest(declined), refund: null };
      }
      const answered = await refundAs(
        user.id,
        found.donationId,
        { reason: `Asked for by the giver: ${found.reason}`, platformPays: false },
        idempotency,
        async (tx, refund) => {
          const request = await lockOpenRequest(tx, charityId, requestId);
          await refundsRepository.updateRequest(tx, request.id, {
            status: 'accepted',
            answeredBy: user.id,
            answeredAt: ctx.now(),
            refundId: refund.id,
          });
        },
      );
      const [request] = [...(await refundsRepository.latestRequests(db(), [found.donationId])).values()];
      if (!request) throw notFound('The refund request');
      return { refund_request: presentRefundRequest(request), refund: answered.refund };
    },

    /** GET /donation/{id}/refunds/{refundId}/credit_note: the credit note (PDF), to whoever may see the gift. */
    async creditNote(auth: AuthUser | null, donationId: number, refundId: number) {
      const row = await donationOf(donationId);
      await requireViewer(auth, row);
      return creditNoteOf(row, refundId);
    },

    /** GET /manage/{token}/credit_note/{refundId}: the same, from the gift's link. */
    async creditNoteByLink(token: string, refundId: number) {
      return creditNoteOf(await giftOfLink(token), refundId);
    },

    /**
     * A charity's money beyond its balances (docs/product/refunds-and-disputes.md#the-charitys-money):
     * what it can be paid out, what is set aside (disputes, refunds on their way to a card), and what
     * has gone back to givers (its payouts are the payouts module's).
     */
    async moneyOf(charityId: number) {
      const projectIds = await projectsQueries.idsOfCharity(db(), charityId);
      const [available, own, projectsHeld, refunded] = await Promise.all([
        back.availableOf(db(), charityId),
        ctx.ledger.balances(db(), { ownerType: 'charity', ownerId: charityId }),
        ledgerQueries.sumOfOwners(db(), 'project', projectIds, 'held', ctx.config.currency),
        refundsRepository.refundedToGiversOf(db(), charityId),
      ]);
      return { available, held: own.held + projectsHeld, refunded };
    },

    /** Refunds to a card whose answer was lost: asked again with the same key, then finished. */
    async finishOpenRefunds(): Promise<number> {
      const open = await refundsRepository.pendingSince(
        db(),
        new Date(ctx.now().getTime() - OPEN_REFUND_AGE_MS),
      );
      let finished = 0;
      for (const refund of open) {
        const after = await sendToCard(refund);
        if (after.status !== 'pending') finished += 1;
      }
      return finished;
    },
  };

  /** A request still waiting for the charity's answer, locked; answered once only. */
  async function lockOpenRequest(tx: Tx, charityId: number, requestId: number) {
    const request = await refundsRepository.lockRequest(tx, charityId, requestId);
    if (!request) throw notFound('The refund request');
    if (request.status !== 'open')
      throw new AppError(409, 'REFUND_REQUEST_ANSWERED', 'This request has already been answered.');
    return request;
  }

  /** A request for a refund, once at a time per gift, within 30 days of giving. */
  function ask(donationId: number, requestedBy: number | null, reason: string) {
    return db().transaction(async (tx) => {
      const [locked] = await donationsRepository.lock(tx, [donationId]);
      if (!locked) throw notFound('The donation');
      const age = ctx.now().getTime() - locked.createdAt.getTime();
      if (age > REFUND_REQUEST_DAYS * 86_400_000)
        throw new AppError(
          409,
          'REFUND_REQUEST_TOO_LATE',
          `Refunds can be asked for within ${REFUND_REQUEST_DAYS} days of giving. Write to the charity instead.`,
        );
      await back.checkRefundable(tx, locked, undefined);
      if (await refundsRepository.openRequestOf(tx, donationId))
        throw new AppError(
          409,
          'REFUND_REQUEST_OPEN',
          'You have already asked for this refund: the charity will answer.',
        );
      return refundsRepository.insertRequest(tx, {
        donationId,
        charityId: locked.charityId,
        requestedBy,
        reason,
        status: 'open',
        createdAt: ctx.now(),
      });
    });
  }

  /** The gift of a mail's link (docs/product/card-gifts.md#manage-from-the-mail). */
  async function giftOfLink(token: string): Promise<DonationRow> {
    const scope = readManageToken(ctx.config.jwtSecret, token, ctx.now());
    if (scope.kind !== 'donation')
      throw new AppError(409, 'NOT_A_GIFT', 'This link is for a recurring gift, not one gift.');
    return donationOf(scope.id);
  }

  async function creditNoteOf(row: DonationRow, refundId: number) {
    const refund = await refundsRepository.findRefund(db(), row.id, refundId);
    if (!refund) throw notFound('The refund');
    if (!refund.creditNoteNumber)
      throw new AppError(
        409,
        'NO_CREDIT_NOTE',
        'The credit note is made once the money is back with the giver.',
      );
    const [donation, charity] = await Promise.all([
      views.presentOne(row),
      charitiesQueries.byId(db(), row.charityId),
    ]);
    const presented = donation.refunds.find((r) => r.id === refund.id);
    if (!presented) throw notFound('The refund');
    return {
      pdf: await creditNotePdf(donation, presented, ctx.config.currency, charity?.registrationNumber ?? null),
      filename: `kindred-credit-note-${refund.creditNoteNumber}.pdf`,
    };
  }
}
export type RefundsService = ReturnType<typeof refundsService>;
