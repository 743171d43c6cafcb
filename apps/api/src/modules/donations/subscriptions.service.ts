import {
  type DonateBody,
  FREQUENCIES,
  GIVING_TYPE,
  labelOf,
  type PageQuery,
  type Subscription,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { addDays, type Frequency, isoDay, nextPeriod } from '../../lib/periods.js';
import { charitiesQueries } from '../charities/charities.repository.js';
import type { MoneyOwner } from '../payments/money-owner.js';
import { ownerEmails } from '../payments/money-owner.js';
import { projectsQueries } from '../projects/projects.repository.js';
import type { Actor, GiftTarget } from './donation-flow.js';
import { type DonationRow, donationsRepository } from './donations.repository.js';

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

import { type RetryRow, type SubscriptionRow, subscriptionsRepository } from './subscriptions.repository.js';

/**
 * Retries of an unpaid occurrence, in days after its date
 * (docs/product/donations.md#recurring-gifts: after 2 and 5 days).
 */
export const RETRY_AFTER_DAYS = [2, 5] as const;
/** Failed periods in a row that make a subscription failing. */
export const FAILING_AFTER_PERIODS = 3;
/** How far ahead the future donations list looks, and how many it shows. */
const FUTURE_DAYS = 366;
const FUTURE_MAX = 50;
/** Subscriptions one scheduler round takes (the rest wait for the next round). */
const BATCH = 50;

const DAY = 86_400_000;

export function subscriptionsService(ctx: AppContext, donations: () => DonationMaker) {
  const db = () => ctx.database.db;
  const today = () => isoDay(ctx.now());

  async function present(rows: SubscriptionRow[], executor: Executor = db()): Promise<Subscription[]> {
    const [titles, names] = await Promise.all([
      projectsQueries.titles(
        executor,
        rows.map((row) => row.projectId).filter((id): id is number => id !== null),
      ),
      charitiesQueries.names(
        executor,
        rows.map((row) => row.charityId),
      ),
    ]);
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
      created_at: row.createdAt.toISOString(),
    }));
  }

  async function presentOne(row: SubscriptionRow, executor: Executor = db()) {
    const [subscription] = await present([row], executor);
    if (!subscription) throw new Error('present returned nothing');
    return subscription;
  }

  const after = (row: SubscriptionRow, period: string): string | null => {
    const next = nextPeriod(row.startDate, period, row.frequency as Frequency);
    return row.endDate && next > row.endDate ? null : next;
  };

  const bodyOf = (row: SubscriptionRow): DonateBody => ({
    type: GIVING_TYPE.funds,
    amount: row.amount,
    source: row.source,
    gift_aid: row.giftAid,
    anonymous: row.anonymous,
    ...(row.message ? { message: row.message } : {}),
  });
  const targetOf = (row: SubscriptionRow): GiftTarget =>
    row.projectId ? { kind: 'project', id: row.projectId } : { kind: 'charity', id: row.charityId };
  const ownerOf = (row: SubscriptionRow): MoneyOwner => ({ ownerType: row.donorType, ownerId: row.donorId });

  /**
   * Gives one period's donation, in a savepoint: a refusal (not enough money, a project no longer
   * live) leaves nothing behind and is answered as the reason. The unique (subscription, period)
   * makes a second process's attempt at the same period fail instead of giving twice.
   */
  async function occur(tx: Tx, row: SubscriptionRow, period: string): Promise<DonationRow | AppError> {
    // A period carries Gift Aid while the donor's declaration naming the charity stands.
    const declaration =
      row.giftAid && row.donorType === 'user'
        ? await donationsRepository.declarationFor(tx, row.donorId, row.charityId)
        : undefined;
    try {
      return await tx.transaction((savepoint) =>
        donations().create(
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
    const [subscription] = await present([row]);
    const to = subscription?.project?.title ?? subscription?.charity.name ?? 'the charity';
    const how = (labelOf(FREQUENCIES, row.frequency) ?? '').toLowerCase();
    for (const email of emails) {
      await ctx.notices.queue(db(), {
        to: email,
        subject: `Your ${how} donation to ${to} could not be made`,
        text: [
          `We tried three times to make your ${how} donation of ${row.amount / 100} ${ctx.config.currency} to ${to} for ${period}, and could not.`,
          `The last reason: ${reason}`,
          row.failedPeriods >= FAILING_AFTER_PERIODS
            ? 'Three periods in a row have failed: please add money to your wallet, or change or cancel the donation.'
            : 'Add money to your wallet and the next one will go ahead.',
          `${ctx.config.publicUrl}/donations`,
        ].join('\n\n'),
      });
    }
  }

  async function requireOwn(auth: AuthUser | null, id: number, tx: Executor) {
    const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0], tx);
    const row = await subscriptionsRepository.lock(tx, id);
    if (!row || row.donorType !== 'user' || row.donorId !== user.id) throw notFound('The subscription');
    return row;
  }

  /** A change the donor makes to one of their subscriptions, in one transaction. */
  async function change(
    auth: AuthUser | null,
    id: number,
    apply: (row: SubscriptionRow) => Partial<SubscriptionRow> | undefined,
  ) {
    const row = await db().transaction(async (tx) => {
      const current = await requireOwn(auth, id, tx);
      if (current.status === 'cancelled')
        throw new AppError(409, 'SUBSCRIPTION_CANCELLED', 'This donation was cancelled and cannot change.');
      const values = apply(current);
      if (!values) return current;
      return subscriptionsRepository.update(tx, id, { ...values, updatedAt: ctx.now() });
    });
    return { subscription: await presentOne(row) };
  }

  /** The first period on or after today for a subscription resumed today. */
  function catchUp(row: SubscriptionRow): string | null {
    let period = row.nextDate ?? row.startDate;
    const now = today();
    while (period < now) {
      const next = after(row, period);
      if (next === null) return null;
      period = next;
    }
    return period;
  }

  return {
    /** Opens a subscription and, when it starts today, gives its first period now (all or nothing). */
    async start(
      tx: Tx,
      target: GiftTarget,
      body: DonateBody,
      donor: MoneyOwner,
      actor: Actor,
    ): Promise<{ donation: DonationRow | null; subscription: Subscription }> {
      const startDate = body.start_date ?? today();
      if (startDate < today())
        throw badRequest('A recurring donation cannot start in the past.', { start_date: 'Today or later.' });
      // A series that starts later gives nothing now: it is checked here like a gift.
      const { charity } = await donations().check(tx, target, body);
      const charityId = charity.id;
      // Gift Aid needs the donor's declaration naming this charity (decision 037).
      const declarationId = await donations().declarationFor(body, donor, charityId, tx);
      const at = ctx.now();
      let row = await subscriptionsRepository.insert(tx, {
        donorType: donor.ownerType,
        donorId: donor.ownerId,
        createdBy: actor.userId,
        method: target.kind === 'project' ? 1 : 2,
        projectId: target.kind === 'project' ? target.id : null,
        charityId,
        amount: body.amount ?? 0,
        source: body.source ?? 'wallet',
        frequency: body.frequency ?? 3,
        startDate,
        endDate: body.end_date ?? null,
        nextDate: startDate,
        status: 'active',
        giftAid: body.gift_aid === true && declarationId !== null,
        anonymous: body.anonymous ?? false,
        message: body.message ? body.message : null,
        createdAt: at,
        updatedAt: at,
      });
      let donation: DonationRow | null = null;
      if (startDate === today()) {
        // The first gift is part of the request: if it cannot be made, nothing is set up.
        donation = await donations().create(tx, target, body, donor, actor, {
          subscriptionId: row.id,
          period: startDate,
          declarationId,
        });
        row = await subscriptionsRepository.update(tx, row.id, { nextDate: after(row, startDate) });
      }
      return { donation, subscription: await presentOne(row, tx) };
    },

    async list(auth: AuthUser | null, query: PageQuery) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const rows = await subscriptionsRepository.list(
        db(),
        { type: 'user', id: user.id },
        {
          limit: query.limit,
          cursor: decodeCursor(query.cursor, ['time', 'id']),
          before: query.direction === 'before',
        },
      );
      const result = toPage(
        rows,
        query,
        (row) => [row.at, row.subscription.id],
        (row) => row.subscription,
      );
      return { ...result, items: await present(result.items) };
    },

    /** The coming occurrences of the donor's running subscriptions, soonest first. */
    async future(auth: AuthUser | null) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const rows = await subscriptionsRepository.running(db(), { type: 'user', id: user.id });
      const presented = new Map((await present(rows)).map((s) => [s.id, s]));
      const horizon = addDays(today(), FUTURE_DAYS);
      const items: Array<{
        subscription_id: number;
        date: string;
        amount: number;
        project: Subscription['project'];
        charity: Subscription['charity'];
      }> = [];
      for (const row of rows) {
        const shown = presented.get(row.id);
        let date: string | null = row.nextDate;
        let guard = 0;
        while (shown && date !== null && date <= horizon && guard < FUTURE_MAX) {
          items.push({
            subscription_id: row.id,
            date,
            amount: row.amount,
            project: shown.project,
            charity: shown.charity,
          });
          date = after(row, date);
          guard += 1;
        }
      }
      items.sort((a, b) => a.date.localeCompare(b.date) || a.subscription_id - b.subscription_id);
      return { items: items.slice(0, FUTURE_MAX) };
    },

    cancel: (auth: AuthUser | null, id: number) =>
      change(auth, id, () => ({ status: 'cancelled', nextDate: null })),

    pause: (auth: AuthUser | null, id: number) =>
      change(auth, id, (row) => (row.status === 'paused' ? undefined : { status: 'paused' })),

    resume: (auth: AuthUser | null, id: number) =>
      change(auth, id, (row) => {
        if (row.status !== 'paused') return undefined;
        // Periods missed while paused are skipped, never charged late.
        return { status: 'active', failedPeriods: 0, nextDate: catchUp(row) };
      }),

    changeAmount: (auth: AuthUser | null, id: number, amount: number) => change(auth, id, () => ({ amount })),

    /** A project that ends (cancelled or completed) takes no more gifts: its subscriptions end. */
    endForProject: (tx: Tx, projectId: number) =>
      subscriptionsRepository.endForProject(tx, projectId, ctx.now()),

    /**
     * The scheduler's round: each due period of each subscription becomes one donation, exactly
     * once even with several processes (SKIP LOCKED, and a unique subscription + period); unpaid
     * periods are retried after 2 and 5 days, then failed with a mail to the donor.
     */
    async runDue(): Promise<{ given: number; retried: number; failed: number }> {
      const outcome = { given: 0, retried: 0, failed: 0 };
      const receipts: DonationRow[] = [];
      const failures: Array<{ row: SubscriptionRow; period: string; reason: string }> = [];
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
      await donations().queueReceipts(db(), receipts);
      for (const failure of failures) await notifyFailure(failure.row, failure.period, failure.reason);
      ctx.notices.wake();
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
    const result = await occur(tx, row, retry.period);
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
export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
