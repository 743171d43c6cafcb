import { randomUUID } from 'node:crypto';
import { type CardActionResponse, type DonateBody, type DonateResponse, GIVING_TYPE } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { runIdempotent } from '../ledger/index.js';
import {
  type GiftPaymentRow,
  giftPaymentsQueries,
  giftPaymentsWrites,
  type MoneyOwner,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  paymentMethodsQueries,
} from '../payments/index.js';
import type { GiftTarget } from './donation-flow.js';
import { donationViews } from './donation-views.js';
import { type DonationRow, donationsRepository } from './donations.repository.js';
import type { GiftRecorder } from './gift-recorder.js';
import { bodyOf, ownerOf, targetOf } from './subscription-periods.js';
import { type SubscriptionRow, subscriptionsRepository } from './subscriptions.repository.js';

/** What a gift by card will be, kept on its payment until the payment becomes it. */
export interface GiftIntent {
  target: GiftTarget;
  /** The donate body without the card itself (never kept). */
  body: Omit<DonateBody, 'card'>;
  donor: MoneyOwner;
  /** Who gave (for an organisation, the member who asked). */
  userId: number;
  /** On behalf of an organisation: waits for its sign-off admins. */
  signoff: boolean;
  /** Where the receipt goes (a person's gift approved at once). */
  email: string | null;
  /** A recurring gift's period, charged to its saved card. */
  subscriptionId?: number;
  period?: string;
  declarationId?: number | null;
}

/** A card payment left open this long is looked at by the reconciliation round. */
const OPEN_PAYMENT_GRACE_MS = 10 * 60 * 1000;
/** A 3-D Secure step not completed in a day is given up: the card was never charged. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** The provider's idempotency key of a gift's payment: the gift's own, so a retry never charges twice. */
const providerKey = (payment: { id: number }) => `kindred-gift-${payment.id}`;

export type CardGiftAnswer =
  | { statusCode: 201; body: DonateResponse }
  | { statusCode: 202; body: CardActionResponse };

const declined = (message: string) =>
  new AppError(402, 'CARD_DECLINED', message, { fields: { card: message } });

/**
 * Gifts paid by card in one step (docs/product/card-gifts.md): the payment is written first, with
 * what the gift will be; the provider is asked with the payment's own idempotency key; a captured
 * payment becomes its gift in one database transaction (provider -> giver -> gift in one ledger
 * transaction). A payment whose answer was lost becomes its gift later, from the provider's event or
 * the reconciliation round, never by a second charge; a gift that cannot be recorded after its
 * card was charged gives the payment back.
 */
export function cardGiftsService(ctx: AppContext, recorder: GiftRecorder, provider: PaymentProvider) {
  const db = () => ctx.database.db;
  const views = donationViews(ctx);

  async function walletOf(executor: Executor, owner: MoneyOwner) {
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
    const created = await recorder.createChecked(
      tx,
      intent.target,
      { ...intent.body, source: 'card' },
      intent.donor,
      { userId: intent.userId },
      {
        signoff: intent.signoff,
        paymentId: row.id,
        ...(intent.subscriptionId !== undefined && {
          subscriptionId: intent.subscriptionId,
          period: intent.period as string,
          declarationId: intent.declarationId ?? null,
          createdBy: intent.userId,
        }),
      },
    );
    await giftPaymentsWrites.markGiftMade(tx, row.id, created.row.id, ctx.now());
    const answer = await answerOf(tx, created.row, intent);
    const donation = answer.donation;
    if (donation?.type === GIVING_TYPE.funds && donation.receipt_number && intent.email)
      await ctx.notices.queue(tx, await views.receiptOf(tx, donation, intent.email, created.charity));
    return answer;
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

  return {
    /**
     * A gift of funds by card (the donate calls with `source: "card"`), after the caller checked who
     * may give and `check` ran the gift's own checks (open, needed, Gift Aid, sign-off): the card is
     * charged once, then the gift is made; 202 when the card asks for 3-D Secure first.
     */
    async give(input: {
      target: GiftTarget;
      body: DonateBody;
      donor: MoneyOwner;
      userId: number;
      signoff: boolean;
      email: string | null;
      idempotency: IdempotencyRequest;
      check: (tx: Tx) => Promise<unknown>;
    }): Promise<CardGiftAnswer> {
      const { body, donor } = input;
      const { card, ...kept } = body;
      const method = body.payment_method_id
        ? await paymentMethodsQueries.find(db(), donor, body.payment_method_id)
        : undefined;
      if (body.payment_method_id && !method)
        throw badRequest('Choose one of the saved cards.', { payment_method_id: 'Not a saved card.' });
      if (provider.name === 'sandbox' && !card && !method)
        throw badRequest('Enter card details or choose a saved card.', { card: 'Required.' });
      // The gift's own checks run before the card is charged: a refusal charges nothing.
      await db().transaction((tx) => input.check(tx));
      const idempotency = input.idempotency.key
        ? input.idempotency
        : { ...input.idempotency, key: `unkeyed-${randomUUID()}` };
      const row = await giftPaymentsWrites.open(db(), {
        ownerType: donor.ownerType,
        ownerId: donor.ownerId,
        provider: provider.name,
        purpose: 'gift',
        amount: body.amount ?? 0,
        currency: ctx.config.currency,
        status: 'pending',
        intent: {
          target: input.target,
          body: kept,
          donor,
          userId: input.userId,
          signoff: input.signoff,
          email: input.email,
        } satisfies GiftIntent,
        paymentMethodId: method?.id ?? null,
        idempotencyScope: idempotency.scope,
        idempotencyKey: idempotency.key as string,
        createdBy: input.userId,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      });
      // A retry of a call already answered gets its answer: the gift, or the decline.
      if (row.status === 'credited') return complete(row.id, idempotency);
      if (row.status === 'failed') throw declined(row.failureMessage ?? 'The payment did not go through.');
      if (row.status === 'refunded')
        throw new AppError(
          409,
          'PAYMENT_GIVEN_BACK',
          'This gift could not be made; the payment was given back.',
        );
      let remote: ProviderPayment;
      try {
        remote = await provider.createPayment({
          amount: row.amount,
          currency: row.currency,
          description: 'Kindred gift',
          metadata: { kindred_payment_id: String(row.id), purpose: 'gift' },
          card,
          methodId: method?.providerMethodId,
          idempotencyKey: providerKey(row),
        });
      } catch (error) {
        if (error instanceof ProviderError && error.declined) {
          await giftPaymentsWrites.recordOutcome(
            db(),
            row.id,
            { status: 'failed', failureMessage: error.message },
            ctx.now(),
          );
          return refuse(declined(error.message), idempotency);
        }
        if (error instanceof ProviderError) throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', error.message);
        throw error;
      }
      return settle(row, remote, idempotency);
    },

    /**
     * One period of a recurring gift by card (docs/product/card-gifts.md#recurring-gifts-by-card):
     * its saved card is charged without the giver present, then the period's gift is made in the
     * caller's transaction (the scheduler's, or the set-up's for a first gift today). The payment is
     * written and committed before the charge, so a charge whose transaction is lost still becomes
     * its gift in the reconciliation round. A refusal is answered, not thrown: the retry rule of
     * recurring gifts takes it from there.
     */
    async chargePeriod(
      tx: Tx,
      subscription: SubscriptionRow,
      period: string,
      attempt: number,
      declarationId: number | null,
    ): Promise<DonationRow | AppError> {
      const donor = ownerOf(subscription);
      const method = subscription.paymentMethodId
        ? await paymentMethodsQueries.find(tx, donor, subscription.paymentMethodId)
        : undefined;
      if (!method)
        return new AppError(
          409,
          'CARD_MISSING',
          'The card of this recurring gift was removed. Choose another card for it.',
        );
      const userId = subscription.createdBy ?? subscription.donorId;
      const payment = await giftPaymentsWrites.open(db(), {
        ownerType: donor.ownerType,
        ownerId: donor.ownerId,
        provider: provider.name,
        purpose: 'gift',
        amount: subscription.amount,
        currency: ctx.config.currency,
        status: 'pending',
        intent: {
          target: targetOf(subscription),
          body: bodyOf(subscription),
          donor,
          userId,
          signoff: false,
          email: null,
          subscriptionId: subscription.id,
          period,
          declarationId,
        } satisfies GiftIntent,
        paymentMethodId: method.id,
        idempotencyScope: `subscription:${subscription.id}`,
        idempotencyKey: `${period}#${attempt}`,
        createdBy: userId,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      });
      if (payment.status === 'credited' && payment.donationId) {
        const made = await donationsRepository.find(tx, payment.donationId);
        if (made) return made;
      }
      if (payment.status === 'failed') return declined(payment.failureMessage ?? 'The card was declined.');
      let remote: ProviderPayment;
      try {
        remote = await provider.chargeMethod({
          amount: payment.amount,
          currency: payment.currency,
          description: 'Kindred recurring gift',
          metadata: { kindred_payment_id: String(payment.id), purpose: 'gift' },
          methodId: method.providerMethodId,
          idempotencyKey: providerKey(payment),
        });
      } catch (error) {
        if (error instanceof ProviderError)
          return new AppError(error.declined ? 402 : 502, 'CARD_DECLINED', error.message);
        throw error;
      }
      if (remote.status !== 'succeeded') {
        const message = remote.failureMessage ?? 'The card was declined.';
        await giftPaymentsWrites.recordOutcome(
          tx,
          payment.id,
          { status: 'failed', failureMessage: message, providerPaymentId: remote.id || null },
          ctx.now(),
        );
        return declined(message);
      }
      await giftPaymentsWrites.recordOutcome(
        tx,
        payment.id,
        { status: 'succeeded', failureMessage: null, providerPaymentId: remote.id },
        ctx.now(),
      );
      try {
        const created = await tx.transaction((savepoint) =>
          recorder.create(
            savepoint,
            targetOf(subscription),
            bodyOf(subscription),
            donor,
            { userId: null },
            {
              subscriptionId: subscription.id,
              period,
              declarationId,
              createdBy: subscription.createdBy,
              paymentId: payment.id,
            },
          ),
        );
        await giftPaymentsWrites.markGiftMade(tx, payment.id, created.id, ctx.now());
        return created;
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        await provider.refundPayment({
          paymentId: remote.id,
          idempotencyKey: `${providerKey(payment)}-given-back`,
        });
        await giftPaymentsWrites.recordOutcome(
          tx,
          payment.id,
          { status: 'refunded', failureMessage: error.message },
          ctx.now(),
        );
        return error;
      }
    },

    /**
     * POST /payment/{id}/confirm: after the giver finished the extra step with the provider, the
     * payment is read back from it and becomes the gift (once, however often this is called).
     */
    async confirm(auth: AuthUser | null, paymentId: number, idempotency: IdempotencyRequest) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const row = await giftPaymentsQueries.find(db(), paymentId);
      if (row?.purpose !== 'gift' || row.createdBy !== user.id) throw notFound('The payment');
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
    },

    /** The provider said a payment succeeded (its webhook): a gift's payment becomes its gift. */
    async providerSucceeded(providerPaymentId: string): Promise<boolean> {
      const row = await giftPaymentsQueries.byProviderPaymentId(db(), provider.name, providerPaymentId);
      if (row?.purpose !== 'gift') return false;
      if (row.status === 'credited' || row.status === 'refunded') return true;
      await giftPaymentsWrites.recordOutcome(
        db(),
        row.id,
        { status: 'succeeded', failureMessage: null },
        ctx.now(),
      );
      await complete(row.id, null).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
      return true;
    },

    /**
     * The reconciliation round of gift payments left open (every few minutes): each is read back
     * from the provider and settled, so a payment captured while its answer was lost still becomes
     * its gift, and one whose giver never finished the extra step is closed.
     */
    async settleOpenPayments(): Promise<number> {
      const now = ctx.now();
      const open = await giftPaymentsQueries.openGifts(
        db(),
        new Date(now.getTime() - OPEN_PAYMENT_GRACE_MS),
        100,
      );
      let settled = 0;
      for (const row of open) {
        try {
          const remote = row.providerPaymentId
            ? await provider.retrievePayment(row.providerPaymentId)
            : await provider.findPayment({ idempotencyKey: providerKey(row), reference: String(row.id) });
          const age = now.getTime() - row.createdAt.getTime();
          if (!remote || (remote.status === 'requires_action' && age > ABANDONED_AFTER_MS)) {
            if (!remote && age < ABANDONED_AFTER_MS) continue;
            await giftPaymentsWrites.recordOutcome(
              db(),
              row.id,
              { status: 'failed', failureMessage: 'The payment was not completed.' },
              now,
            );
            settled += 1;
            continue;
          }
          if (remote.status === 'requires_action' || remote.status === 'processing') continue;
          await settle(row, remote, null).catch((error: unknown) => {
            if (!(error instanceof AppError)) throw error;
          });
          settled += 1;
        } catch (error) {
          ctx.log.error({ err: error, paymentId: row.id }, 'an open card payment could not be settled');
        }
      }
      return settled;
    },
  };
}
export type CardGiftsService = ReturnType<typeof cardGiftsService>;
