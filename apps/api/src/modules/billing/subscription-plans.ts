import type { SubscriptionPreview } from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { addDays, isoDay, nextPeriod } from '../../lib/periods.js';
import { organisationsQueries } from '../organisations/index.js';
import {
  type DiscountCodeRow,
  type PlanRow,
  billingRepository as repo,
  type SubscriptionRow,
} from './billing.repository.js';
import { codeField, frequencyOf, pricedPeriod } from './billing-views.js';
import type { InvoicePayments } from './invoice-payments.js';

/**
 * Choosing a plan: the plans and discount codes one may use, and a subscription started with its
 * first period's invoice. Shared by the organisation's own subscribing and the platform's.
 */
export function subscriptionPlans(ctx: AppContext, payments: InvoicePayments) {
  const db = () => ctx.database.db;
  const { insertInvoice } = payments;

  /** The organisation, when it exists and is not deleted. */
  async function business(id: number) {
    const row = await organisationsQueries.business(db(), id);
    if (!row || row.deletedAt) throw notFound('The organisation');
    return row;
  }

  /** What the active subscription's next period would cost on another plan, with its discount code. */
  async function changePreview(businessId: number, planId: number): Promise<SubscriptionPreview> {
    const current = await repo.active(db(), businessId);
    if (!current) throw conflict('NO_SUBSCRIPTION', 'This organisation has no active subscription.');
    const plan = await availablePlan(db(), planId);
    const [code] = current.discountCodeId
      ? [...(await repo.codesByIds(db(), [current.discountCodeId])).values()]
      : [];
    const start = current.nextPeriodOn;
    const next = nextPeriod(current.startedOn, start, frequencyOf(plan.feeType));
    return pricedPeriod(plan, code, start, addDays(next, -1));
  }

  async function availablePlan(executor: Executor, id: number): Promise<PlanRow> {
    const plan = await repo.plan(executor, id);
    if (!plan)
      throw new AppError(404, 'NOT_FOUND', 'The plan was not found.', {
        fields: { plan_id: 'Choose a plan.' },
      });
    if (!plan.active)
      throw conflict('PLAN_NOT_AVAILABLE', 'This plan is no longer offered.', {
        plan_id: 'Choose another plan.',
      });
    return plan;
  }

  /** Why a code cannot be used now, as the refusal the caller sees. */
  function codeRefusal(row: DiscountCodeRow | undefined, now: Date): AppError {
    if (!row?.active) {
      return new AppError(400, 'DISCOUNT_CODE_UNKNOWN', 'This discount code does not exist.', {
        fields: codeField('This code does not exist.'),
      });
    }
    if (row.expiresAt && row.expiresAt <= now) {
      return conflict(
        'DISCOUNT_CODE_EXPIRED',
        'This discount code has expired.',
        codeField('This code has expired.'),
      );
    }
    return conflict(
      'DISCOUNT_CODE_USED_UP',
      'This discount code has been used as often as it may be.',
      codeField('This code has been used up.'),
    );
  }

  /** A code the caller may use now (not counted). */
  async function usableCode(executor: Executor, code: string): Promise<DiscountCodeRow> {
    const row = await repo.codeByText(executor, code);
    const now = ctx.now();
    const usable =
      row?.active &&
      (!row.expiresAt || row.expiresAt > now) &&
      (row.maxUses === null || row.uses < row.maxUses);
    if (!usable || !row) throw codeRefusal(row, now);
    return row;
  }

  /** Counts one use of a code in the transaction, or refuses: never past its maximum, never after expiry. */
  async function redeem(tx: Executor, code: string): Promise<DiscountCodeRow> {
    const now = ctx.now();
    const row = await repo.redeem(tx, code, now);
    if (row) return row;
    throw codeRefusal(await repo.codeByText(tx, code), now);
  }

  function firstPeriod(plan: PlanRow) {
    const start = isoDay(ctx.now());
    const next = nextPeriod(start, start, frequencyOf(plan.feeType));
    return { start, next, end: addDays(next, -1) };
  }

  /** How a subscription paid from the organisation's wallet is kept (set by the platform or not). */
  const paidByWallet = (setByPlatform: boolean) => ({
    paymentMethod: 'wallet' as const,
    provider: null,
    providerMethod: null,
    providerMethodLabel: null,
    setByPlatform,
  });

  /** Starts a subscription and its first period's invoice in the transaction. */
  async function start(
    tx: Tx,
    businessId: number,
    plan: PlanRow,
    code: string | null | undefined,
    values: Pick<
      SubscriptionRow,
      'paymentMethod' | 'provider' | 'providerMethod' | 'providerMethodLabel' | 'setByPlatform'
    >,
    createdBy: number,
  ) {
    const redeemed = code ? await redeem(tx, code) : undefined;
    const period = firstPeriod(plan);
    const subscription = await repo.insertSubscription(tx, {
      businessId,
      planId: plan.id,
      discountCodeId: redeemed?.id ?? null,
      startedOn: period.start,
      currentPeriodStart: period.start,
      nextPeriodOn: period.next,
      createdBy,
      createdAt: ctx.now(),
      ...values,
    });
    if (!subscription) {
      throw conflict(
        'SUBSCRIPTION_ACTIVE',
        'This organisation already has an active subscription. Cancel it before choosing another plan.',
      );
    }
    const invoice = await insertInvoice(tx, subscription, plan, redeemed, period.start, period.end);
    if (!invoice) throw new Error('the first invoice exists already');
    return { subscription, invoice, redeemed };
  }

  return { business, changePreview, availablePlan, usableCode, redeem, firstPeriod, paidByWallet, start };
}
export type SubscriptionPlans = ReturnType<typeof subscriptionPlans>;
