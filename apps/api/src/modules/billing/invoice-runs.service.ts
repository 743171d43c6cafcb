import type { AppContext } from '../../context.js';
import { addDays, isoDay, nextPeriod } from '../../lib/periods.js';
import { billingRepository as repo } from './billing.repository.js';
import { frequencyOf } from './billing-views.js';
import type { InvoicePayments } from './invoice-payments.js';

/** A process paying a claimed invoice holds it this long. */
const LEASE_MS = 5 * 60 * 1000;
const BATCH = 20;

/** The scheduled billing: each period's invoice made, and due invoices collected. */
export function invoiceRunsService(ctx: AppContext, payments: InvoicePayments) {
  const db = () => ctx.database.db;
  const { insertInvoice, collect } = payments;

  /** Pays due invoices whose retry time has come (wallet or direct debit). */
  async function collectDue(limit = BATCH) {
    const now = ctx.now();
    const claimed = await db().transaction((tx) =>
      repo.claimDueInvoices(tx, now, new Date(now.getTime() + LEASE_MS), limit),
    );
    const results = { paid: 0, failed: 0 };
    for (const invoice of claimed) results[await collect(invoice)] += 1;
    return results;
  }

  return {
    /**
     * Makes the invoice of every period that has begun, then collects due invoices. Safe with
     * several API processes: subscriptions are claimed with FOR UPDATE SKIP LOCKED, and the unique
     * index on (subscription, period start) refuses a second invoice for a period whatever happens.
     */
    async runDue(limit = BATCH) {
      const today = isoDay(ctx.now());
      let invoiced = 0;
      for (;;) {
        const made = await db().transaction(async (tx) => {
          const due = await repo.claimDue(tx, today, limit);
          const plans = await repo.plansByIds(
            tx,
            due.map((row) => row.nextPlanId ?? row.planId),
          );
          const codes = await repo.codesByIds(
            tx,
            due.flatMap((row) => (row.discountCodeId ? [row.discountCodeId] : [])),
          );
          let count = 0;
          for (const subscription of due) {
            // A plan chosen for the next period takes over as that period begins (decision 039).
            const plan = plans.get(subscription.nextPlanId ?? subscription.planId);
            if (!plan) continue;
            if (subscription.nextPlanId) await repo.switchPlan(tx, subscription.id, plan.id);
            const periodStart = subscription.nextPeriodOn;
            const next = nextPeriod(subscription.startedOn, periodStart, frequencyOf(plan.feeType));
            const code = subscription.discountCodeId ? codes.get(subscription.discountCodeId) : undefined;
            if (await insertInvoice(tx, subscription, plan, code, periodStart, addDays(next, -1))) count += 1;
            await repo.advance(tx, subscription.id, periodStart, next);
          }
          return { claimed: due.length, count };
        });
        invoiced += made.count;
        if (made.claimed < limit) break;
      }
      const collected = await collectDue(limit);
      return { invoiced, ...collected };
    },

    collectDue,
  };
}
export type InvoiceRunsService = ReturnType<typeof invoiceRunsService>;
