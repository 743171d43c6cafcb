import { type CardActionResponse, type DonateBody, type DonateResponse, GIVING_TYPE } from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { runIdempotent } from '../ledger/index.js';
import {
  type GiftPaymentRow,
  giftPaymentsQueries,
  giftPaymentsWrites,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
} from '../payments/index.js';
import type { GiftDonor, GiftTarget } from './donation-flow.js';
import { donationViews } from './donation-views.js';
import { type DonationRow, donationsRepository } from './donations.repository.js';
import type { GiftRecorder } from './gift-recorder.js';
import { subscriptionsRepository } from './subscriptions.repository.js';

/** What a gift by card will be, kept on its payment until the payment becomes it. */
export interface GiftIntent {
  target: GiftTarget;
  /** The donate body without the card itself (never kept). */
  body: Omit<DonateBody, 'card'>;
  donor: GiftDonor;
  /** Who gave (for an organisation, the member who asked); null for a guest. */
  userId: number | null;
  /** On behalf of an organisation: waits for its sign-off admins. */
  signoff: boolean;
  /** Where the receipt goes (a person's gift approved at once). */
  email: string | null;
  /** A recurring gift's period, charged to its saved card. */
  subscriptionId?: number;
  period?: string;
  declarationId?: number | null;
}

/** The provider's idempotency key of a gift's payment: the gift's own, so a retry never charges twice. */
export const providerKey = (payment: { id: number }) => `kindred-gift-${payment.id}`;

/**
 * What every charge of a gift's payment tells the provider, by card typed or saved: its amount, our
 * payment's id (to find it by when an answer is lost) and `providerKey`.
 */
export const giftCharge = (
  payment: { id: number; amount: number; currency: string },
  description: string,
) => ({
  amount: payment.amount,
  currency: payment.currency,
  description,
  metadata: { kindred_payment_id: String(payment.id), purpose: 'gift' },
  idempotencyKey: providerKey(payment),
});

export type CardGiftAnswer =
  | { statusCode: 201; body: DonateResponse }
  | { statusCode: 202; body: CardActionResponse };

export const declined = (message: string) =>
  new AppError(402, 'CARD_DECLINED', message, { fields: { card: message } });

/**
 * The machinery of a gift paid by card, shared by the giver's calls, the recurring periods and the
 * reconciliation round (docs/product/card-gifts.md): the gift a captured payment becomes, once; the
 * provider's answer acted on; a payment given back when its gift cannot be made.
 */
export function cardPayments(ctx: AppContext, recorder: GiftRecorder, provider: PaymentProvider) {
  const db = () => ctx.database.db;
  const views = donationViews(ctx);

  async function walletOf(executor: Executor, owner: GiftDonor) {
    const b = await ctx.ledger.balances(executor, owner);
    return { wallet_amount: b.wallet, credits: b.credits, held: b.held, currency: ctx.config.currency };
  }

  const intentOf = (row: GiftPaymentRow) => row.intent as GiftIntent;

  async function answerOf(tx: Executor, donation: DonationRow, intent: GiftIntent): Promise<DonateResponse> {
    return {
      donation: await views.presentOne(donation, tx),
      wallet: await walletOf(tx, intent.donor),
      subscription: null,
    };
  }

  /** Makes the gift of a captured payment, once: the payment's row lock keeps it to one. */
  async function makeGift(tx: Tx, paymentId: number): Promise<DonateResponse> {
    const row = await giftPaymentsWrites.findForUpdate(tx, paymentId);
    if (!row) throw notFound('The payment');
    const intent = intentOf(row);
    if (row.status === 'credited' && row.donationId) {
      const existing = await donationsRepository.find(tx, row.donationId);
      if (existing) return answerOf(tx, existing, intent);
    }
    // A period whose recurring gift was never set up (its set-up failed after the charge) is given back.
    if (
      intent.subscriptionId !== undefined &&
      !(await subscriptionsRepository.lock(tx, intent.subscriptionId))
    )
      throw new AppError(409, 'SUBSCRIPTION_GONE', 'This recurring gift was not set up.');
    // The payment's link, the answer's gift and its receipt are written before the money moves
    // (docs/product/donations.md#the-order-a-gift-takes-its-locks).
    let donation: DonateResponse['donation'] = null;
    await recorder.createChecked(
      tx,
      intent.target,
      { ...intent.body, source: 'card' },
      intent.donor,
      { userId: intent.userId },
      {
        beforeMoney: async (gift, checked) => {
          await giftPaymentsWrites.markGiftMade(tx, row.id, gift.id, ctx.now());
          donation = await views.presentFresh(gift, checked, intent.userId, tx);
          if (donation.type === GIVING_TYPE.funds && donation.receipt_number && intent.email)
            await ctx.notices.queue(tx, await views.receiptOf(tx, donation, intent.email, checked.charity));
        },
        signoff: intent.signoff,
        paymentId: row.id,
        ...(intent.declarationId !== undefined && { declarationId: intent.declarationId }),
        ...(intent.subscriptionId !== undefined && {
          subscriptionId: intent.subscriptionId,
          period: intent.period as string,
          createdBy: intent.userId,
        }),
      },
    );
    return { donation, wallet: await walletOf(tx, intent.donor), subscription: null };
  }

  /**
   * A captured payment becomes its gift; if the gift is refused now (the project closed since the
   * checks), the payment is given back and the refusal answered.
   */
  async function complete(
    paymentId: number,
    idempotency: IdempotencyRequest | null,
  ): Promise<CardGiftAnswer> {
    try {
      const work = async (tx: Tx) => ({ statusCode: 201, body: await makeGift(tx, paymentId) });
      const result = idempotency
        ? await runIdempotent(db(), idempotency, ctx.now(), work)
        : await db().transaction(work);
      return { statusCode: 201, body: result.body };
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) await giveBack(paymentId);
      throw error;
    }
  }

  async function giveBack(paymentId: number) {
    const row = await giftPaymentsQueries.find(db(), paymentId);
    if (!row?.providerPaymentId || row.status === 'credited' || row.status === 'refunded') return;
    await provider.refundPayment({
      paymentId: row.providerPaymentId,
      idempotencyKey: `${providerKey(row)}-given-back`,
    });
    await giftPaymentsWrites.recordOutcome(
      db(),
      row.id,
      { status: 'refunded', failureMessage: 'The gift could not be made; the payment was given back.' },
      ctx.now(),
    );
  }

  /** What the provider answered, acted on: the gift, the extra step, or the decline. */
  async function settle(
    row: GiftPaymentRow,
    remote: ProviderPayment,
    idempotency: IdempotencyRequest | null,
  ): Promise<CardGiftAnswer> {
    if (remote.status === 'succeeded') {
      await giftPaymentsWrites.recordOutcome(
        db(),
        row.id,
        { status: 'succeeded', failureMessage: null, providerPaymentId: remote.id },
        ctx.now(),
      );
      return complete(row.id, idempotency);
    }
    if (remote.status === 'requires_action' && remote.clientSecret) {
      await giftPaymentsWrites.recordOutcome(
        db(),
        row.id,
        { status: 'requires_action', failureMessage: null, providerPaymentId: remote.id },
        ctx.now(),
      );
      return {
        statusCode: 202,
        body: { payment: { id: row.id, status: 'requires_action', client_secret: remote.clientSecret } },
      };
    }
    if (remote.status === 'failed' || remote.status === 'refunded') {
      const message = remote.failureMessage ?? 'The payment did not go through.';
      await giftPaymentsWrites.recordOutcome(
        db(),
        row.id,
        { status: 'failed', failureMessage: message, providerPaymentId: remote.id },
        ctx.now(),
      );
      throw declined(message);
    }
    throw new AppError(
      409,
      'PAYMENT_NOT_COMPLETE',
      'The card payment is still being processed. Your gift is made as soon as it completes.',
    );
  }

  /** A decline kept with the donate call's key, so a retry of the same call gets the same answer. */
  async function refuse(error: AppError, idempotency: IdempotencyRequest): Promise<never> {
    await runIdempotent(db(), idempotency, ctx.now(), async () => {
      throw error;
    });
    throw error;
  }

  /** A gift's payment read back from the provider after its extra step, and settled. */
  async function confirmRow(row: GiftPaymentRow, idempotency: IdempotencyRequest): Promise<CardGiftAnswer> {
    if (row.status === 'credited') return complete(row.id, idempotency);
    if (row.status === 'failed') throw declined(row.failureMessage ?? 'The payment did not go through.');
    if (!row.providerPaymentId)
      throw new AppError(409, 'PAYMENT_NOT_COMPLETE', 'The card payment has not started yet.');
    let remote: ProviderPayment;
    try {
      remote = await provider.retrievePayment(row.providerPaymentId);
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', error.message);
      throw error;
    }
    if (remote.status === 'requires_action')
      throw new AppError(
        409,
        'PAYMENT_NOT_COMPLETE',
        'Your bank still asks you to confirm the payment. Finish that step, then confirm again.',
      );
    return settle(row, remote, idempotency);
  }

  return { db, walletOf, answerOf, makeGift, complete, giveBack, settle, refuse, confirmRow };
}
export type CardPayments = ReturnType<typeof cardPayments>;
