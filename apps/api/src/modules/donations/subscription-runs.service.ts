import { FREQUENCIES, labelOf } from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isoDay } from '../../lib/periods.js';
import { ownerEmails } from '../payments/index.js';
import type { CardGiftsService } from './card-gifts.service.js';
import type { DonationRow } from './donations.repository.js';
import { giftAidRepository } from './gift-aid.repository.js';
import { manageToken } from './manage-links.js';
import {
  after,
  bodyOf,
  type DonationMaker,
  ownerOf,
  presentSubscriptions,
  targetOf,
} from './subscription-periods.js';
import { type RetryRow, type SubscriptionRow, subscriptionsRepository } from './subscriptions.repository.js';

/**
 * Retries of an unpaid occurrence, in days after its date
 * (docs/product/donations.md#recurring-gifts: after 2 and 5 days).
 */
export const RETRY_AFTER_DAYS = [2, 5] as const;
/** Failed periods in a row that make a subscription failing. */
export const FAILING_AFTER_PERIODS = 3;
/** Subscriptions one scheduler round takes (the rest wait for the next round). */
const BATCH = 50;

const DAY = 86_400_000;

/** The scheduler's side of recurring donations: each due period given once, unpaid ones retried. */
export function subscriptionRunsService(
  ctx: AppContext,
  donations: DonationMaker,
  cardGifts: CardGiftsService,
) {
  const db = () => ctx.database.db;
  const today = () => isoDay(ctx.now());

  /**
   * Gives one period's donation, in a savepoint: a refusal (not enough money, a project no longer
   * live) leaves nothing behind and is answered as the reason. The unique (subscription, period)
   * makes a second process's attempt at the same period fail instead of giving twice.
   */
  async function occur(
    tx: Tx,
    row: SubscriptionRow,
    period: string,
    attempt = 1,
  ): Promise<DonationRow | AppError> {
    // A period carries Gift Aid while the donor's declaration naming the charity stands.
    const declaration =
      row.giftAid && row.donorType === 'user'
        ? await giftAidRepository.declarationFor(tx, row.donorId, row.charityId)
        : undefined;
    // By card: its saved card is charged, without the giver present.
    if (row.source === 'card')
      return cardGifts.chargePeriod(tx, row, period, attempt, declaration?.id ?? null);
    try {
      return await tx.transaction((savepoint) =>
        donations.create(
          savepoint,
          targetOf(row),
          bodyOf(row),
          ownerOf(row),
          { userId: null },
          {
            subscriptionId: row.id,
            period,
            declarationId: declaration?.id ?? null,
            createdBy: row.createdBy,
          },
        ),
      );
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return error;
      throw error;
    }
  }

  async function notifyFailure(row: SubscriptionRow, period: string, reason: string) {
    const emails = await ownerEmails(ctx, ownerOf(row));
    const [subscription] = await presentSubscriptions(db(), [row]);
    const to = subscription?.project?.title ?? subscription?.charity.name ?? 'the charity';
    const how = (labelOf(FREQUENCIES, row.frequency) ?? '').toLowerCase();
    for (const email of emails) {
      await ctx.notices.queue(db(), {
        to: email,
        subject: `Your ${how} donation to ${to} could not be made`,
        text: [
          `We tried three times to make your ${how} donation of ${row.amount / 100} ${ctx.config.currency} to ${to} for ${period}, and could not.`,
          `The last reason: ${reason}`,
          row.source === 'card'
            ? row.failedPeriods >= FAILING_AFTER_PERIODS
              ? 'Three periods in a row have failed: please change the card it charges, or cancel the donation.'
              : 'Change the card it charges and the next one will go ahead.'
            : row.failedPeriods >= FAILING_AFTER_PERIODS
              ? 'Three periods in a row have failed: please add money to your wallet, or change or cancel the donation.'
              : 'Add money to your wallet and the next one will go ahead.',
          `Change the card or the amount, pause or cancel it, without signing in: ${ctx.config.publicUrl}/manage/${manageToken(ctx.config.jwtSecret, { kind: 'subscription', id: row.id }, ctx.now())}`,
          `Or sign in to see all your giving: ${ctx.config.publicUrl}/donations`,
        ].join('\n\n'),
      });
    }
  }

  /** A recurring gift's card was declined for a period: change it before the retry (2 days on). */
  async function notifyDeclined(row: SubscriptionRow, period: string, reason: string) {
    const emails = await ownerEmails(ctx, ownerOf(row));
    const [subscription] = await presentSubscriptions(db(), [row]);
    const to = subscription?.project?.title ?? subscription?.charity.name ?? 'the charity';
    const how = (labelOf(FREQUENCIES, row.frequency) ?? '').toLowerCase();
    const retry = isoDay(new Date(Date.parse(`${period}T00:00:00Z`) + RETRY_AFTER_DAYS[0] * DAY));
    for (const email of emails) {
      await ctx.notices.queue(db(), {
        to: email,
        subject: `Your card was declined for your ${how} donation to ${to}`,
        text: [
          `We could not charge your card for your ${how} donation of ${row.amount / 100} ${ctx.config.currency} to ${to} for ${period}.`,
          `The reason: ${reason}`,
          `We will try again on ${retry}. Change the card before then, without signing in: ${ctx.config.publicUrl}/manage/${manageToken(ctx.config.jwtSecret, { kind: 'subscription', id: row.id }, ctx.now())}`,
        ].join('\n\n'),
      });
    }
  }

  return {
    /**
     * A plan's card was changed: its missed periods are tried again now, on the new card
     * (docs/product/card-gifts.md#recurring-gifts-by-card), instead of waiting for the next try.
     */
    async retryNow(subscriptionId: number): Promise<{ given: number; retried: number; failed: number }> {
      const outcome = { given: 0, retried: 0, failed: 0 };
      const receipts: DonationRow[] = [];
      const failures: Array<{ row: SubscriptionRow; period: string; reason: string }> = [];
      await db().transaction(async (tx) => {
        for (const retry of await subscriptionsRepository.claimOpenRetriesOf(tx, subscriptionId))
          await retryOne(tx, retry, outcome, receipts, failures);
      });
      await donations.queueReceipts(db(), receipts);
      for (const failure of failures) await notifyFailure(failure.row, failure.period, failure.reason);
      return outcome;
    },

    /**
     * The scheduler's round: each due period of each subscription becomes one donation, exactly
     * once even with several processes (SKIP LOCKED, and a unique subscription + period); unpaid
     * periods are retried after 2 and 5 days, then failed with a mail to the donor.
     */
    async runDue(): Promise<{ given: number; retried: number; failed: number }> {
      const outcome = { given: 0, retried: 0, failed: 0 };
      const receipts: DonationRow[] = [];
      const failures: Array<{ row: SubscriptionRow; period: string; reason: string }> = [];
      // A card declined for a new period: its donor is told at once, to change the card before the retries.
      const declinedCards: Array<{ row: SubscriptionRow; period: string; reason: string }> = [];
      // New periods.
      for (;;) {
        const handled = await db().transaction(async (tx) => {
          const due = await subscriptionsRepository.claimDue(tx, today(), BATCH);
          for (const row of due) {
            const period = row.nextDate as string;
            const result = await occur(tx, row, period);
            if (result instanceof AppError) {
              if (result.code === 'PROJECT_NOT_LIVE' || result.code === 'NOT_FOUND') {
                // The project ended: the subscription ends with it.
                await subscriptionsRepository.update(tx, row.id, {
                  status: 'cancelled',
                  nextDate: null,
                  updatedAt: ctx.now(),
                });
                continue;
              }
              if (row.source === 'card') declinedCards.push({ row, period, reason: result.message });
              await subscriptionsRepository.insertRetry(tx, {
                subscriptionId: row.id,
                period,
                attempts: 1,
                nextAttemptAt: new Date(Date.parse(`${period}T00:00:00Z`) + RETRY_AFTER_DAYS[0] * DAY),
                status: 'open',
                createdAt: ctx.now(),
              });
              outcome.retried += 1;
            } else {
              receipts.push(result);
              outcome.given += 1;
            }
            await subscriptionsRepository.update(tx, row.id, {
              nextDate: after(row, period),
              ...(result instanceof AppError ? {} : { failedPeriods: 0, status: 'active' as const }),
              updatedAt: ctx.now(),
            });
          }
          return due.length;
        });
        if (handled < BATCH) break;
      }
      // Retries.
      for (;;) {
        const handled = await db().transaction(async (tx) => {
          const due = await subscriptionsRepository.claimDueRetries(tx, ctx.now(), BATCH);
          for (const retry of due) await retryOne(tx, retry, outcome, receipts, failures);
          return due.length;
        });
        if (handled < BATCH) break;
      }
      await donations.queueReceipts(db(), receipts);
      for (const failure of failures) await notifyFailure(failure.row, failure.period, failure.reason);
      for (const declined of declinedCards)
        await notifyDeclined(declined.row, declined.period, declined.reason);
      return outcome;
    },
  };

  async function retryOne(
    tx: Tx,
    retry: RetryRow,
    outcome: { retried: number; failed: number; given: number },
    receipts: DonationRow[],
    failures: Array<{ row: SubscriptionRow; period: string; reason: string }>,
  ) {
    // The scheduler re-reads the subscription before it charges: a cancelled or paused one is not charged.
    const row = await subscriptionsRepository.lock(tx, retry.subscriptionId);
    if (!row || row.status === 'cancelled' || row.status === 'paused') {
      await subscriptionsRepository.updateRetry(tx, retry.id, { status: 'failed', nextAttemptAt: null });
      return;
    }
    const result = await occur(tx, row, retry.period, retry.attempts + 1);
    if (!(result instanceof AppError)) {
      await subscriptionsRepository.updateRetry(tx, retry.id, { status: 'paid', nextAttemptAt: null });
      await subscriptionsRepository.update(tx, row.id, {
        failedPeriods: 0,
        status: 'active',
        updatedAt: ctx.now(),
      });
      receipts.push(result);
      outcome.given += 1;
      return;
    }
    const attempts = retry.attempts + 1;
    const nextDays = RETRY_AFTER_DAYS[attempts - 1];
    if (nextDays !== undefined) {
      await subscriptionsRepository.updateRetry(tx, retry.id, {
        attempts,
        nextAttemptAt: new Date(Date.parse(`${retry.period}T00:00:00Z`) + nextDays * DAY),
      });
      outcome.retried += 1;
      return;
    }
    await subscriptionsRepository.updateRetry(tx, retry.id, {
      attempts,
      status: 'failed',
      nextAttemptAt: null,
    });
    const failedPeriods = row.failedPeriods + 1;
    const updated = await subscriptionsRepository.update(tx, row.id, {
      failedPeriods,
      ...(failedPeriods >= FAILING_AFTER_PERIODS ? { status: 'failing' as const } : {}),
      updatedAt: ctx.now(),
    });
    failures.push({ row: updated, period: retry.period, reason: result.message });
    outcome.failed += 1;
  }
}
export type SubscriptionRunsService = ReturnType<typeof subscriptionRunsService>;
