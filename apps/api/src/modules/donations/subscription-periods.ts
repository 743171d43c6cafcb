import { type DonateBody, GIVING_TYPE, type Subscription } from '@kindred/shared';
import { type Executor, readAll, type Tx } from '../../db/client.js';
import type { Frequency } from '../../lib/periods.js';
import { nextPeriod } from '../../lib/periods.js';
import { charitiesQueries } from '../charities/index.js';
import type { MoneyOwner } from '../payments/index.js';
import { projectsQueries } from '../projects/index.js';
import type { Actor, GiftTarget } from './donation-flow.js';
import type { DonationRow } from './donations.repository.js';
import { type SubscriptionRow, subscriptionsRepository } from './subscriptions.repository.js';

/**
 * A recurring donation's periods and how it is shown: shared by the donor's subscriptions and the
 * scheduler's rounds.
 */

/** What a subscription needs of the donations service: to give one period, and to mail receipts. */
export interface DonationMaker {
  create(
    tx: Tx,
    target: GiftTarget,
    body: DonateBody,
    donor: MoneyOwner,
    actor: Actor,
    extra?: {
      subscriptionId?: number;
      period?: string;
      declarationId?: number | null;
      createdBy?: number | null;
    },
  ): Promise<DonationRow>;
  /** Refuses a target that is not open for gifts or does not ask for this kind; answers its charity. */
  check(tx: Tx, target: GiftTarget, body: DonateBody): Promise<{ charity: { id: number } }>;
  /** The donor's declaration naming the charity when the gift asks for Gift Aid (refused without one). */
  declarationFor(
    body: DonateBody,
    donor: MoneyOwner,
    charityId: number,
    executor?: Executor,
  ): Promise<number | null>;
  queueReceipts(executor: Executor, rows: DonationRow[]): Promise<void>;
}

/** The wire shape of subscriptions, with the names of their projects and charities. */
export async function presentSubscriptions(
  executor: Executor,
  rows: SubscriptionRow[],
): Promise<Subscription[]> {
  const [titles, names, missed] = await readAll(executor, [
    () =>
      projectsQueries.titles(
        executor,
        rows.map((row) => row.projectId).filter((id): id is number => id !== null),
      ),
    () =>
      charitiesQueries.names(
        executor,
        rows.map((row) => row.charityId),
      ),
    () =>
      subscriptionsRepository.openRetries(
        executor,
        rows.map((row) => row.id),
      ),
  ] as const);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    frequency: row.frequency,
    amount: row.amount,
    source: row.source,
    gift_aid: row.giftAid,
    anonymous: row.anonymous,
    message: row.message,
    project: row.projectId ? { id: row.projectId, title: titles.get(row.projectId) ?? '' } : null,
    charity: { id: row.charityId, name: names.get(row.charityId)?.name ?? '' },
    start_date: row.startDate,
    end_date: row.endDate,
    next_date: row.status === 'paused' || row.status === 'cancelled' ? null : row.nextDate,
    failed_periods: row.failedPeriods,
    payment_method_id: row.paymentMethodId,
    missed: (() => {
      const retry = missed.get(row.id);
      return retry ? { period: retry.period, next_try_at: retry.nextAttemptAt?.toISOString() ?? null } : null;
    })(),
    created_at: row.createdAt.toISOString(),
  }));
}

export async function presentSubscription(executor: Executor, row: SubscriptionRow) {
  const [subscription] = await presentSubscriptions(executor, [row]);
  if (!subscription) throw new Error('present returned nothing');
  return subscription;
}

/** The period after `period`, or null when the subscription ends before it. */
export const after = (row: SubscriptionRow, period: string): string | null => {
  const next = nextPeriod(row.startDate, period, row.frequency as Frequency);
  return row.endDate && next > row.endDate ? null : next;
};

export const bodyOf = (row: SubscriptionRow): DonateBody => ({
  type: GIVING_TYPE.funds,
  amount: row.amount,
  source: row.source,
  gift_aid: row.giftAid,
  anonymous: row.anonymous,
  ...(row.message ? { message: row.message } : {}),
});
export const targetOf = (row: SubscriptionRow): GiftTarget =>
  row.projectId ? { kind: 'project', id: row.projectId } : { kind: 'charity', id: row.charityId };
export const ownerOf = (row: SubscriptionRow): MoneyOwner => ({
  ownerType: row.donorType,
  ownerId: row.donorId,
});
