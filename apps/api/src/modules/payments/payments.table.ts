import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { serialId, timestamptz } from '../../db/columns.js';

export const PAYMENT_OWNER_TYPES = ['user', 'business'] as const;
export type PaymentOwnerType = (typeof PAYMENT_OWNER_TYPES)[number];
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'credited'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Money coming in through the payment provider: a card deposit or a direct debit charge. */
export const payments = pgTable(
  'payments',
  {
    id: serialId(),
    ownerType: text('owner_type', { enum: PAYMENT_OWNER_TYPES }).notNull(),
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
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_uq').on(t.provider, t.providerPaymentId),
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

/** A charity's account with the payment provider, for payouts. */
export const providerAccounts = pgTable('provider_accounts', {
  charityId: bigint('charity_id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  accountId: text('account_id').notNull(),
  status: text('status').notNull(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Webhook events already handled, so a redelivered event does nothing twice. */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull(),
});
