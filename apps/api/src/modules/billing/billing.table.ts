import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { parentRef, serialId, timestamptz } from '../../db/columns.js';
import { businesses } from '../organisations/organisations.table.js';

/** Subscription plans kept by platform admins: a monthly (fee type 1) or annual (2) fee. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: serialId(),
    name: text('name').notNull(),
    description: text('description'),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    feeType: smallint('fee_type').notNull(),
    currency: text('currency').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    check('subscription_plans_fee_ck', sql`${t.fee} > 0`),
    check('subscription_plans_fee_type_ck', sql`${t.feeType} in (1, 2)`),
  ],
);

/** Discount codes: a percentage or a fixed amount off each invoice, with an expiry and a use limit. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serialId(),
    /** Kept in capitals. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percentage', 'fixed'] }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    expiresAt: timestamptz('expires_at'),
    maxUses: integer('max_uses'),
    /** Subscriptions that redeemed it; never above max_uses (checked by the redeeming UPDATE). */
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_uq').on(t.code),
    check('discount_codes_uses_ck', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);

export const ORG_SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'replaced'] as const;
export const ORG_PAYMENT_METHODS = ['wallet', 'direct_debit'] as const;

/** An organisation's subscription to a plan; at most one active per organisation. */
export const businessSubscriptions = pgTable(
  'business_subscriptions',
  {
    id: serialId(),
    businessId: parentRef('business_id', () => businesses.id),
    planId: parentRef('plan_id', () => subscriptionPlans.id),
    status: text('status', { enum: ORG_SUBSCRIPTION_STATUSES }).notNull().default('active'),
    paymentMethod: text('payment_method', { enum: ORG_PAYMENT_METHODS }).notNull(),
    /** Direct debit (type 3): the provider's kept card. */
    provider: text('provider'),
    providerMethod: text('provider_method'),
    providerMethodLabel: text('provider_method_label'),
    discountCodeId: bigint('discount_code_id', { mode: 'number' }).references(() => discountCodes.id),
    /** A plan chosen for the periods from the next one on (decision 039); null when none. */
    nextPlanId: bigint('next_plan_id', { mode: 'number' }).references(() => subscriptionPlans.id),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    currentPeriodStart: date('current_period_start', { mode: 'string' }).notNull(),
    /** The first day of the next period: its invoice is made on that day. */
    nextPeriodOn: date('next_period_on', { mode: 'string' }).notNull(),
    setByPlatform: boolean('set_by_platform').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [
    uniqueIndex('business_subscriptions_active_uq').on(t.businessId).where(sql`${t.status} = 'active'`),
    index('business_subscriptions_due_idx').on(t.status, t.nextPeriodOn),
  ],
);

/** One numbered invoice per subscription period (the unique index makes a second one impossible). */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: serialId(),
    subscriptionId: parentRef('subscription_id', () => businessSubscriptions.id),
    businessId: bigint('business_id', { mode: 'number' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    planName: text('plan_name').notNull(),
    feeType: smallint('fee_type').notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discountCode: text('discount_code'),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['due', 'paid'] })
      .notNull()
      .default('due'),
    paymentMethod: text('payment_method', { enum: ORG_PAYMENT_METHODS }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the next attempt to pay a due invoice may run. */
    retryAfter: timestamptz('retry_after'),
    providerPaymentId: text('provider_payment_id'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    paidAt: timestamptz('paid_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscription_invoices_period_uq').on(t.subscriptionId, t.periodStart),
    index('subscription_invoices_business_idx').on(t.businessId, t.id),
    index('subscription_invoices_due_idx').on(t.status, t.retryAfter),
  ],
);
