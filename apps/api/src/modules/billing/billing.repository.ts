import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, lockedWhere, rowsById, updateWhere } from '../../db/insert.js';
import { newestByIdRows } from '../../db/pages.js';
import type { IdKeyset } from '../../lib/pagination.js';
import {
  businessSubscriptions,
  discountCodes,
  subscriptionInvoices,
  subscriptionPlans,
} from './billing.table.js';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type SubscriptionRow = typeof businessSubscriptions.$inferSelect;
export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;

const planRows = rowsById(subscriptionPlans);
const codeRows = rowsById(discountCodes);
const subscriptionRows = rowsById(businessSubscriptions);
const invoiceRows = rowsById(subscriptionInvoices);

/** SQL of plans, discount codes, organisation subscriptions and their invoices. */
export const billingRepository = {
  insertPlan: planRows.insert,
  updatePlan: planRows.change,
  plan: planRows.find,

  /** Plans by fee type and fee; only active ones unless `all`. At most 200 (a short catalogue). */
  plans(db: Executor, all: boolean): Promise<PlanRow[]> {
    return db
      .select()
      .from(subscriptionPlans)
      .where(all ? undefined : eq(subscriptionPlans.active, true))
      .orderBy(asc(subscriptionPlans.feeType), asc(subscriptionPlans.fee), asc(subscriptionPlans.id))
      .limit(200);
  },

  /** Inserts a code; undefined when the code exists already. */
  insertCode: codeRows.insertIfNew,

  updateCode: codeRows.change,
  codeById: codeRows.find,

  async codeByText(db: Executor, code: string): Promise<DiscountCodeRow | undefined> {
    return firstWhere(db, discountCodes, eq(discountCodes.code, code));
  },

  /** Every code, newest first, keyset paged on the id. */
  codes(db: Executor, page: IdKeyset): Promise<DiscountCodeRow[]> {
    return newestByIdRows(db, discountCodes, page);
  },

  /**
   * Counts one use of a code when it is active, not expired and under its maximum: one
   * conditional UPDATE, so concurrent redemptions never pass the maximum (PostgreSQL re-checks the
   * condition on the row it waited for). Undefined when the code cannot be used now.
   */
  async redeem(db: Executor, code: string, now: Date): Promise<DiscountCodeRow | undefined> {
    return updateWhere(
      db,
      discountCodes,
      { uses: sql`${discountCodes.uses} + 1` },
      and(
        eq(discountCodes.code, code),
        eq(discountCodes.active, true),
        or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now)),
        or(isNull(discountCodes.maxUses), lt(discountCodes.uses, discountCodes.maxUses)),
      ),
    );
  },

  /** The organisation's active subscription. */
  async active(db: Executor, businessId: number): Promise<SubscriptionRow | undefined> {
    return firstWhere(
      db,
      businessSubscriptions,
      and(eq(businessSubscriptions.businessId, businessId), eq(businessSubscriptions.status, 'active')),
    );
  },

  /** The active subscription, locked for the rest of the transaction. */
  async activeForUpdate(db: Executor, businessId: number): Promise<SubscriptionRow | undefined> {
    return lockedWhere(
      db,
      businessSubscriptions,
      and(eq(businessSubscriptions.businessId, businessId), eq(businessSubscriptions.status, 'active')),
    );
  },

  /** Starts a subscription; undefined when the organisation has an active one (the partial unique index). */
  insertSubscription: subscriptionRows.insertIfNew,

  subscription: subscriptionRows.find,

  async endSubscription(db: Executor, id: number, status: 'cancelled' | 'replaced', now: Date) {
    return updateWhere(
      db,
      businessSubscriptions,
      { status, endedAt: now },
      and(eq(businessSubscriptions.id, id), eq(businessSubscriptions.status, 'active')),
    );
  },

  async setDiscount(db: Executor, id: number, discountCodeId: number) {
    return updateWhere(db, businessSubscriptions, { discountCodeId }, eq(businessSubscriptions.id, id));
  },

  /** An organisation's subscriptions, newest first, keyset paged on the id. */
  subscriptionsOf(db: Executor, businessId: number, page: IdKeyset): Promise<SubscriptionRow[]> {
    return newestByIdRows(db, businessSubscriptions, page, [
      eq(businessSubscriptions.businessId, businessId),
    ]);
  },

  /**
   * Active subscriptions whose next period has begun by `today`, locked for this transaction; rows
   * another process holds are skipped (FOR UPDATE SKIP LOCKED).
   */
  claimDue(db: Executor, today: string, limit: number): Promise<SubscriptionRow[]> {
    return db
      .select()
      .from(businessSubscriptions)
      .where(and(eq(businessSubscriptions.status, 'active'), lte(businessSubscriptions.nextPeriodOn, today)))
      .orderBy(asc(businessSubscriptions.nextPeriodOn), asc(businessSubscriptions.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /** Chooses the plan of the periods from the next one on (null: keep the current plan). */
  async setNextPlan(
    db: Executor,
    id: number,
    nextPlanId: number | null,
  ): Promise<SubscriptionRow | undefined> {
    return updateWhere(db, businessSubscriptions, { nextPlanId }, eq(businessSubscriptions.id, id));
  },

  /** The chosen plan becomes the subscription's plan (its next period has begun). */
  async switchPlan(db: Executor, id: number, planId: number) {
    await db
      .update(businessSubscriptions)
      .set({ planId, nextPlanId: null })
      .where(eq(businessSubscriptions.id, id));
  },

  async advance(db: Executor, id: number, currentPeriodStart: string, nextPeriodOn: string) {
    await db
      .update(businessSubscriptions)
      .set({ currentPeriodStart, nextPeriodOn })
      .where(eq(businessSubscriptions.id, id));
  },

  /** The period's invoice; undefined when the period has one already (the unique index). */
  insertInvoice: invoiceRows.insertIfNew,

  async invoiceOf(db: Executor, businessId: number, id: number): Promise<InvoiceRow | undefined> {
    return firstWhere(
      db,
      subscriptionInvoices,
      and(eq(subscriptionInvoices.id, id), eq(subscriptionInvoices.businessId, businessId)),
    );
  },

  invoiceForUpdate: invoiceRows.lock,

  /** An organisation's invoices, newest first, keyset paged on the id. */
  invoicesOf(db: Executor, businessId: number, page: IdKeyset): Promise<InvoiceRow[]> {
    return newestByIdRows(db, subscriptionInvoices, page, [eq(subscriptionInvoices.businessId, businessId)]);
  },

  /** Every invoice of a period (tests and checks: there must be exactly one). */
  invoicesOfPeriod(db: Executor, subscriptionId: number, periodStart: string): Promise<InvoiceRow[]> {
    return db
      .select()
      .from(subscriptionInvoices)
      .where(
        and(
          eq(subscriptionInvoices.subscriptionId, subscriptionId),
          eq(subscriptionInvoices.periodStart, periodStart),
        ),
      );
  },

  /**
   * Claims due invoices whose retry time has come: locked, skipped when another process holds
   * them, and leased until `leaseUntil` so a second process leaves them alone while the first pays.
   */
  async claimDueInvoices(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<InvoiceRow[]> {
    const rows = await db
      .select()
      .from(subscriptionInvoices)
      .where(
        and(
          eq(subscriptionInvoices.status, 'due'),
          or(isNull(subscriptionInvoices.retryAfter), lte(subscriptionInvoices.retryAfter, now)),
        ),
      )
      .orderBy(asc(subscriptionInvoices.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await db
        .update(subscriptionInvoices)
        .set({ retryAfter: leaseUntil })
        .where(eq(subscriptionInvoices.id, row.id));
    }
    return rows;
  },

  async markPaid(
    db: Executor,
    id: number,
    values: { paidAt: Date; ledgerTransactionId: number | null; providerPaymentId?: string | null },
  ): Promise<InvoiceRow | undefined> {
    return updateWhere(
      db,
      subscriptionInvoices,
      { status: 'paid', lastError: null, retryAfter: null, ...values },
      eq(subscriptionInvoices.id, id),
    );
  },

  async markFailed(
    db: Executor,
    id: number,
    values: { attempts: number; lastError: string; retryAfter: Date },
  ) {
    await db.update(subscriptionInvoices).set(values).where(eq(subscriptionInvoices.id, id));
  },

  /** Plans and codes by id, for presenting subscriptions. */
  plansByIds: planRows.byIds,
  codesByIds: codeRows.byIds,
};
