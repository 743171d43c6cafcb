import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { serialId, timestamptz } from '../../db/columns.js';

export const PAYMENT_OWNER_TYPES = ['user', 'business'] as const;
/** Who a payment is from: a wallet's owner, or a guest giving by card (its gift's donor). */
export const PAYER_TYPES = ['user', 'business', 'guest'] as const;
export type PaymentOwnerType = (typeof PAYMENT_OWNER_TYPES)[number];
export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'credited',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** What a payment is for: money into a wallet, or a gift paid by card in one step. */
export const PAYMENT_PURPOSES = ['deposit', 'gift'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * Money coming in through the payment provider: a card deposit, a direct debit charge, or a gift
 * by card. A gift's payment is written (pending) before the provider is asked, with what the gift
 * will be (`intent`), so a captured payment whose answer was lost still becomes its gift
 * (docs/product/card-gifts.md#never-charged-twice-never-lost).
 */
export const payments = pgTable(
  'payments',
  {
    id: serialId(),
    ownerType: text('owner_type', { enum: PAYER_TYPES }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    failureMessage: text('failure_message'),
    directDebitId: bigint('direct_debit_id', { mode: 'number' }),
    /** The period a direct debit charge is for: one charge per mandate and period. */
    period: date('period', { mode: 'string' }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull().default('deposit'),
    /** A gift by card: what the gift will be (target, body, who gives), until it is made. */
    intent: jsonb('intent'),
    /** A gift by card: the gift it became. */
    donationId: bigint('donation_id', { mode: 'number' }),
    /** The saved card charged, if any. */
    paymentMethodId: bigint('payment_method_id', { mode: 'number' }),
    /** A gift by card: the donate call's Idempotency-Key (scope and key), so a retry finds it. */
    idempotencyScope: text('idempotency_scope'),
    idempotencyKey: text('idempotency_key'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_uq').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotency_uq').on(t.idempotencyScope, t.idempotencyKey),
    index('payments_open_gifts_idx').on(t.purpose, t.status, t.createdAt),
    uniqueIndex('payments_direct_debit_period_uq').on(t.directDebitId, t.period),
    index('payments_owner_idx').on(t.ownerType, t.ownerId, t.createdAt),
  ],
);

export const DIRECT_DEBIT_STATUSES = ['active', 'cancelled', 'failed'] as const;

/** Mandates: automatic wallet top-ups (type 1) or a business's charity subscription (type 3). */
export const directDebits = pgTable(
  'direct_debits',
  {
    id: serialId(),
    ownerType: text('owner_type', { enum: PAYMENT_OWNER_TYPES }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    /** 1 Wallet charge, 3 Charity subscription. */
    type: smallint('type').notNull(),
    charityId: bigint('charity_id', { mode: 'number' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** 1 Daily, 2 Weekly, 3 Monthly, 4 Yearly. */
    frequency: smallint('frequency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    nextChargeOn: date('next_charge_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: DIRECT_DEBIT_STATUSES }).notNull().default('active'),
    provider: text('provider').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentMethodLabel: text('payment_method_label').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A scheduler process working on the mandate holds it until then. */
    claimedUntil: timestamptz('claimed_until'),
    retryAfter: timestamptz('retry_after'),
    failureReported: boolean('failure_reported').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    cancelledAt: timestamptz('cancelled_at'),
  },
  (t) => [
    index('direct_debits_due_idx').on(t.status, t.nextChargeOn),
    index('direct_debits_owner_idx').on(t.ownerType, t.ownerId),
  ],
);

/**
 * A charity's account with the payment provider, for payouts (docs/product/payouts-and-reconciliation.md#the-payout-account):
 * the bank account it pays into, checked by a platform admin before the first payout. New bank
 * details clear the check.
 */
export const providerAccounts = pgTable('provider_accounts', {
  charityId: bigint('charity_id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  accountId: text('account_id').notNull(),
  status: text('status').notNull(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  accountName: text('account_name'),
  sortCode: text('sort_code'),
  /** Only the last four digits of the account number are kept. */
  accountLast4: text('account_last4'),
  verifiedAt: timestamptz('verified_at'),
  verifiedBy: bigint('verified_by', { mode: 'number' }),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Webhook events already handled, so a redelivered event does nothing twice. */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull(),
});

/** Saved cards of a person or an organisation, kept by the provider; we keep its reference. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serialId(),
    ownerType: text('owner_type', { enum: PAYMENT_OWNER_TYPES }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    /** The provider's reference to charge it (Stripe: `cus_…:pm_…`). */
    providerMethodId: text('provider_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    removedAt: timestamptz('removed_at'),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_uq').on(t.provider, t.providerMethodId),
    index('payment_methods_owner_idx').on(t.ownerType, t.ownerId),
  ],
);

/**
 * The sandbox provider's own records (decision 042): its payments, so that a payment asked for
 * again with the same idempotency key answers the same payment, a 3-D Secure step can be completed,
 * and reconciliation has records to compare. Never used with Stripe.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  /** The last four digits of the card charged. */
  last4: text('last4').notNull(),
  clientSecret: text('client_secret'),
  failureMessage: text('failure_message'),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * The sandbox provider's refunds (decision 043): each once per idempotency key, as a provider keeps
 * them; those raised as dashboard refunds carry no key. Reconciliation compares them with the ledger.
 */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  idempotencyKey: text('idempotency_key').unique(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** Our refund's id, when we asked for it (Stripe: the refund's metadata). */
  reference: text('reference'),
  createdAt: timestamptz('created_at').notNull(),
});

/**
 * The sandbox provider's transfers to charities' accounts (payouts). A transfer to an account whose
 * bank number is 00000000 is refused, so a failed payout can be shown.
 */
export const sandboxTransfers = pgTable('sandbox_transfers', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  reference: text('reference'),
  createdAt: timestamptz('created_at').notNull(),
});

/** The sandbox provider's disputes: opened and closed by `POST /sandbox/events`. */
export const sandboxDisputes = pgTable('sandbox_disputes', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['open', 'won', 'lost'] }).notNull(),
  createdAt: timestamptz('created_at').notNull(),
  closedAt: timestamptz('closed_at'),
});
