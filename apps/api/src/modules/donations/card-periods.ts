import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import {
  giftPaymentsWrites,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  paymentMethodsQueries,
} from '../payments/index.js';
import { type CardPayments, declined, type GiftIntent, giftCharge, providerKey } from './card-payments.js';
import { type DonationRow, donationsRepository } from './donations.repository.js';
import type { GiftRecorder } from './gift-recorder.js';
import { bodyOf, ownerOf, targetOf } from './subscription-periods.js';
import type { SubscriptionRow } from './subscriptions.repository.js';

/** The scheduler's side of recurring gifts by card: each period charged to its saved card. */
export function cardPeriods(
  ctx: AppContext,
  recorder: GiftRecorder,
  provider: PaymentProvider,
  core: CardPayments,
) {
  const { db } = core;
  return {
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
          ...giftCharge(payment, 'Kindred recurring gift'),
          methodId: method.providerMethodId,
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
  };
}
