import { randomUUID } from 'node:crypto';
import type { SandboxEventBody } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import {
  giftPaymentsQueries,
  giftPaymentsWrites,
  type PaymentProvider,
  type ProviderEvent,
  type SandboxProvider,
} from '../payments/index.js';

import { donationViews } from './donation-views.js';
import { type DonationRow, donationsRepository } from './donations.repository.js';
import type { GiftRecorder } from './gift-recorder.js';
import { moneyBack } from './money-back.js';
import { refundsRepository } from './refunds.repository.js';

type DisputeEvent = Extract<ProviderEvent, { type: 'charge.dispute.created' | 'charge.dispute.closed' }>;

const MIRRORED = 'Refunded in the payment provider’s dashboard.';
const SCHEDULER = { userId: null };

/**
 * The payment provider's events about gifts (docs/product/refunds-and-disputes.md#the-providers-events):
 * refunds made at the provider mirrored, disputes held, released or refunded, failed charges
 * recorded. Each is applied once however often it arrives, in any order: every change is keyed by
 * the provider's own id (its refund's, its dispute's) under the gift's row lock.
 */
export function providerEventsService(ctx: AppContext, recorder: GiftRecorder, provider: PaymentProvider) {
  const db = () => ctx.database.db;
  const back = moneyBack(ctx, recorder);
  const views = donationViews(ctx);

  /** The gift a provider payment paid, locked; undefined for a deposit or a payment we never made. */
  async function lockGiftOf(tx: Tx, providerPaymentId: string): Promise<DonationRow | undefined> {
    const payment = await giftPaymentsQueries.byProviderPaymentId(tx, provider.name, providerPaymentId);
    if (!payment?.donationId) return undefined;
    return back.lockGift(tx, payment.donationId);
  }

  const disputed = (tx: Tx, row: DonationRow, status: 'open' | 'won' | 'lost', amount: number) =>
    ctx.events.record(tx, 'donation.disputed', {
      donation_id: row.id,
      project_id: row.projectId,
      charity_id: row.charityId,
      status,
      amount,
    });

  /** Every refund the provider has of the payment: ours finished, others mirrored, each once. */
  async function mirrorRefunds(providerPaymentId: string) {
    const refunds = await provider.listRefunds(providerPaymentId);
    for (const remote of refunds) {
      await db().transaction(async (tx) => {
        if (await refundsRepository.byProviderRefund(tx, remote.id)) return;
        const ours = remote.reference === null ? undefined : Number(remote.reference);
        if (ours !== undefined && Number.isSafeInteger(ours)) {
          const pending = await refundsRepository.lockRefund(tx, ours);
          if (pending?.status === 'pending') {
            await back.finishCardRefund(tx, pending.id, remote.id);
            return;
          }
        }
        const row = await lockGiftOf(tx, providerPaymentId);
        if (!row || row.status === 90) return;
        const amount = Math.min(remote.amount, await back.leftToRefund(tx, row));
        if (amount <= 0) return;
        const source = await back.sourceFor(tx, row, amount, true);
        await back.refund(tx, row, {
          amount,
          reason: MIRRORED,
          actor: SCHEDULER,
          origin: 'provider',
          source,
          providerRefundId: remote.id,
        });
      });
    }
  }

  async function disputeOpened(event: Extract<DisputeEvent, { type: 'charge.dispute.created' }>) {
    await db().transaction(async (tx) => {
      const row = await lockGiftOf(tx, event.paymentId);
      if (!row) return;
      // Closed before its opening arrived, or delivered twice: already handled.
      if (await refundsRepository.disputeByProviderId(tx, event.disputeId)) return;
      const amount = Math.min(event.amount, Math.max(0, await back.leftToRefund(tx, row)));
      const dispute = await refundsRepository.insertDispute(tx, {
        donationId: row.id,
        providerDisputeId: event.disputeId,
        amount,
        status: 'open',
        openedAt: ctx.now(),
      });
      if (!dispute) return;
      const held = await back.holdForDispute(tx, row, amount, SCHEDULER, dispute.id);
      await refundsRepository.updateDispute(tx, dispute.id, {
        heldAmount: held.heldAmount,
        heldOwnerType: held.owner?.ownerType ?? null,
        heldOwnerId: held.owner?.ownerId ?? null,
      });
      await disputed(tx, row, 'open', amount);
    });
  }

  async function disputeClosed(event: Extract<DisputeEvent, { type: 'charge.dispute.closed' }>) {
    await db().transaction(async (tx) => {
      const row = await lockGiftOf(tx, event.paymentId);
      if (!row) return;
      const existing = await refundsRepository.disputeByProviderId(tx, event.disputeId);
      if (existing && existing.status !== 'open') return;
      const dispute =
        existing ??
        (await refundsRepository.insertDispute(tx, {
          donationId: row.id,
          providerDisputeId: event.disputeId,
          amount: event.amount,
          status: 'open',
          openedAt: ctx.now(),
        }));
      if (!dispute) return;
      const held = {
        amount: dispute.heldAmount,
        ownerType: dispute.heldOwnerType,
        ownerId: dispute.heldOwnerId,
      };
      if (event.outcome === 'won') await back.releaseDispute(tx, row, held, SCHEDULER, dispute.id);
      else await back.disputeLost(tx, row, dispute.amount, held, SCHEDULER);
      await refundsRepository.updateDispute(tx, dispute.id, { status: event.outcome, closedAt: ctx.now() });
      await disputed(tx, row, event.outcome, dispute.amount);
    });
  }

  /** A charge that failed after it was asked for: recorded, so the next try and the retry rule see it. */
  async function paymentFailed(event: Extract<ProviderEvent, { type: 'payment_intent.payment_failed' }>) {
    const payment = await giftPaymentsQueries.byProviderPaymentId(db(), provider.name, event.paymentId);
    // Only a charge made without the giver (a recurring gift's period): with the giver present, the
    // browser may still complete the same payment with another card.
    const intent = payment?.intent as { subscriptionId?: number } | null | undefined;
    if (payment?.purpose !== 'gift' || intent?.subscriptionId === undefined) return;
    await giftPaymentsWrites.recordOutcome(
      db(),
      payment.id,
      { status: 'failed', failureMessage: event.message },
      ctx.now(),
    );
  }

  async function handle(event: ProviderEvent): Promise<void> {
    switch (event.type) {
      case 'charge.refunded':
        return mirrorRefunds(event.paymentId);
      case 'charge.dispute.created':
        return disputeOpened(event);
      case 'charge.dispute.closed':
        return disputeClosed(event);
      case 'payment_intent.payment_failed':
        return paymentFailed(event);
      default:
        return;
    }
  }

  return {
    handle,

    /**
     * POST /sandbox/events (platform admins, only while the sandbox is the provider): what a real
     * provider's side would do on its own, recorded in the sandbox's records and then delivered as
     * its event, so every path is tested and can be shown.
     */
    async raiseInSandbox(auth: AuthUser | null, body: SandboxEventBody) {
      await ctx.access.require(auth, Permission.PlatformDonationsReview);
      if (provider.name !== 'sandbox')
        throw new AppError(404, 'NOT_CONFIGURED', 'Only the sandbox payment provider raises events.');
      const sandbox = provider as SandboxProvider;
      const payment = await giftPaymentsQueries.find(db(), body.payment_id);
      if (!payment?.providerPaymentId || !payment.donationId) throw notFound('The card payment');
      const paymentId = payment.providerPaymentId;
      const id = `evt_sbx_${randomUUID().replace(/-/g, '')}`;
      let event: ProviderEvent;
      if (body.type === 'charge.refunded') {
        await sandbox.dashboardRefund(paymentId, body.amount);
        event = { id, type: body.type, paymentId };
      } else if (body.type === 'charge.dispute.created') {
        const dispute = await sandbox.openDispute(paymentId, body.amount);
        event = { id, type: body.type, paymentId, disputeId: dispute.id, amount: dispute.amount };
      } else if (body.type === 'charge.dispute.closed') {
        const outcome = body.outcome ?? 'won';
        const dispute = await sandbox.closeDispute(paymentId, outcome, body.amount);
        event = { id, type: body.type, paymentId, disputeId: dispute.id, amount: dispute.amount, outcome };
      } else event = { id, type: body.type, paymentId, message: 'Your card was declined. Try another card.' };
      await handle(event);
      const row = await donationsRepository.find(db(), payment.donationId);
      if (!row) throw notFound('The donation');
      return { event: { id, type: body.type }, donation: await views.presentOne(row) };
    },
  };
}
export type ProviderEventsService = ReturnType<typeof providerEventsService>;
