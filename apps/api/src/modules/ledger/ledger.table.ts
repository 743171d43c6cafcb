import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, parentRef, serialId } from '../../db/columns.js';
import { donations } from '../donations/donations.table.js';

/** Who an account belongs to. Platform accounts have owner id 0. */
export const LEDGER_OWNER_TYPES = ['user', 'business', 'charity', 'project', 'platform', 'guest'] as const;
export type LedgerOwnerType = (typeof LEDGER_OWNER_TYPES)[number];

/**
 * What an account holds (docs/product/money.md#the-ledger): `wallet` money, `credits`
 * (donation-only allowance), `held` (reserved for a donation awaiting approval), `project_funds`,
 * `charity_funds`; and the platform's counter-accounts: money received through the payment
 * provider, money paid in by other means and recorded by a platform admin (`manual`), credits
 * issued, fees, and `losses`: money the platform paid back from its own funds (a refund a platform
 * admin chose to make after the charity was paid out, a dispute lost beyond what the charity held);
 * a charity's `payout`: money of its payouts asked for and not yet paid (on its way to its bank).
 */
export const LEDGER_ACCOUNT_KINDS = [
  'wallet',
  'credits',
  'held',
  'project_funds',
  'charity_funds',
  'provider',
  'manual',
  'credits_issued',
  'fees',
  'losses',
  'payout',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serialId(),
    ownerType: text('owner_type', { enum: LEDGER_OWNER_TYPES }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    currency: text('currency').notNull(),
    /** Cached sum of the account's entries, updated in the same transaction as the entries. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** Only the platform's counter-accounts may go below zero. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq').on(t.ownerType, t.ownerId, t.kind, t.currency),
    check('ledger_accounts_no_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serialId(),
    /** What the movement was: deposit, admin_deposit, transfer, hold, release, capture, ... */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    currency: text('currency').notNull(),
    /** The person who made it happen (null for scheduled work). */
    createdBy: bigint('created_by', { mode: 'number' }),
    /** What it belongs to, e.g. { "payment_id": 4 } or { "donation_id": 9 }. */
    reference: jsonb('reference').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The donation whose money this moves (docs/product/money.md#the-ledger: a typed link, never
     * parsed from JSON).
     */
    donationId: bigint('donation_id', { mode: 'number' }).references(() => donations.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transactions_created_idx').on(t.createdAt, t.id),
    index('ledger_transactions_donation_idx').on(t.donationId).where(sql`${t.donationId} is not null`),
  ],
);

/** Entries are never updated or deleted (a trigger refuses it); corrections are new transactions. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serialId(),
    transactionId: parentRef('transaction_id', () => ledgerTransactions.id),
    accountId: parentRef('account_id', () => ledgerAccounts.id),
    /** Signed minor units: positive adds to the account, negative takes from it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_not_zero', sql`${t.amount} <> 0`),
  ],
);

/** Idempotency keys of money-moving calls: a retry returns the first answer (kept 24 hours at least). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serialId(),
    /** Who used the key and on which call: "user:12 POST /api/user/deposit". */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: bigint('status_code', { mode: 'number' }),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key_uq').on(t.scope, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
