import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { actorRef, createdAt, parentRef, serialId, timestamptz } from '../../db/columns.js';
import { charities } from '../charities/charities.table.js';
import { donations } from '../donations/donations.table.js';

/* Money out (docs/product/payouts-and-reconciliation.md): payouts to charities and their gifts. */

export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'failed'] as const;

/**
 * One payment of a charity's available money to its bank: asked for (or made by its schedule),
 * approved by a platform admin, then paid with the provider's transfer id or failed (its money back
 * in the charity's funds). From the request on, its money waits in the charity's `payout` balance.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serialId(),
    charityId: parentRef('charity_id', () => charities.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    scheduled: boolean('scheduled').notNull().default(false),
    provider: text('provider').notNull(),
    /** The payout account it pays into, as it was when asked. */
    accountId: text('account_id').notNull(),
    transferId: text('transfer_id'),
    failureMessage: text('failure_message'),
    requestedBy: actorRef('requested_by'),
    approvedBy: actorRef('approved_by'),
    createdAt: createdAt(),
    approvedAt: timestamptz('approved_at'),
    paidAt: timestamptz('paid_at'),
    failedAt: timestamptz('failed_at'),
  },
  (t) => [
    index('payouts_charity_idx').on(t.charityId, t.createdAt, t.id),
    index('payouts_status_idx').on(t.status, t.createdAt, t.id),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The gifts a payout pays, oldest delivered first, and how much of each (its statement). */
export const payoutItems = pgTable(
  'payout_items',
  {
    payoutId: parentRef('payout_id', () => payouts.id),
    donationId: parentRef('donation_id', () => donations.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.payoutId, t.donationId] }),
    index('payout_items_donation_idx').on(t.donationId),
    check('payout_items_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A charity's automatic payouts: all that is available, weekly or monthly. */
export const payoutSchedules = pgTable('payout_schedules', {
  charityId: bigint('charity_id', { mode: 'number' })
    .primaryKey()
    .references(() => charities.id),
  frequency: text('frequency', { enum: ['weekly', 'monthly'] }).notNull(),
  nextOn: date('next_on', { mode: 'string' }).notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
  updatedBy: actorRef('updated_by'),
});
