import { randomUUID } from 'node:crypto';
import type { DonateBody } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import {
  giftPaymentsQueries,
  giftPaymentsWrites,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  paymentMethodsQueries,
} from '../payments/index.js';
import {
  type CardGiftAnswer,
  cardPayments,
  declined,
  type GiftIntent,
  giftCharge,
  providerKey,
} from './card-payments.js';
import { cardPeriods } from './card-periods.js';
import type { GiftDonor, GiftTarget } from './donation-flow.js';
import type { GiftRecorder } from './gift-recorder.js';

export type { CardGiftAnswer, GiftIntent } from './card-payments.js';

/** A card payment left open this long is looked at by the reconciliation round. */
const OPEN_PAYMENT_GRACE_MS = 10 * 60 * 1000;
/** A 3-D Secure step not completed in a day is given up: the card was never charged. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Gifts paid by card in one step (docs/product/card-gifts.md): the payment is written first, with
 * what the gift will be; the provider is asked with the payment's own idempotency key; a captured
 * payment becomes its gift in one database transaction (provider -> giver -> gift in one ledger
 * transaction). A payment whose answer was lost becomes its gift later, from the provider's event or
 * the reconciliation round, never by a second charge; a gift that cannot be recorded after its
 * card was charged gives the payment back.
 */
export function cardGiftsService(ctx: AppContext, recorder: GiftRecorder, provider: PaymentProvider) {
  const core = cardPayments(ctx, recorder, provider);
  const { db, complete, settle, refuse, confirmRow } = core;
  const periods = cardPeriods(ctx, recorder, provider, core);

  return {
    chargePeriod: periods.chargePeriod,

    /**
     * A gift of funds by card (the donate calls with `source: "card"`), after the caller checked who
     * may give and `check` ran the gift's own checks (open, needed, Gift Aid, sign-off): the card is
     * charged once, then the gift is made; 202 when the card asks for 3-D Secure first.
     */
    async give(input: {
      target: GiftTarget;
      body: DonateBody;
      donor: GiftDonor;
      userId: number | null;
      signoff: boolean;
      email: string | null;
      idempotency: IdempotencyRequest;
      check: (tx: Tx) => Promise<unknown>;
      /** A guest's declaration, made with the gift. */
      declarationId?: number | null;
    }): Promise<CardGiftAnswer> {
      const { body, donor } = input;
      const { card, ...kept } = body;
      const method =
        body.payment_method_id && donor.ownerType !== 'guest'
          ? await paymentMethodsQueries.find(
              db(),
              { ownerType: donor.ownerType, ownerId: donor.ownerId },
              body.payment_method_id,
            )
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
          ...(input.declarationId !== undefined && { declarationId: input.declarationId }),
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
          ...giftCharge(row, 'Kindred gift'),
          card,
          methodId: method?.providerMethodId,
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
     * POST /payment/{id}/confirm: after the giver finished the extra step with the provider, the
     * payment is read back from it and becomes the gift (once, however often this is called).
     */
    async confirm(auth: AuthUser | null, paymentId: number, idempotency: IdempotencyRequest) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const row = await giftPaymentsQueries.find(db(), paymentId);
      if (row?.purpose !== 'gift' || row.createdBy !== user.id) throw notFound('The payment');
      return confirmRow(row, idempotency);
    },

    /**
     * POST /guest/payment/{id}/confirm: a guest's gift after its extra step. A guest has no session:
     * the payment's client secret, which only the browser that started the payment was given, is
     * the proof that it is theirs.
     */
    async confirmAsGuest(paymentId: number, clientSecret: string, idempotency: IdempotencyRequest) {
      const row = await giftPaymentsQueries.find(db(), paymentId);
      const intent = row?.intent as GiftIntent | undefined;
      if (row?.purpose !== 'gift' || intent?.donor.ownerType !== 'guest' || !row.providerPaymentId)
        throw notFound('The payment');
      const remote = await provider.retrievePayment(row.providerPaymentId).catch(() => null);
      if (!remote?.clientSecret || remote.clientSecret !== clientSecret) throw notFound('The payment');
      return confirmRow(row, idempotency);
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
