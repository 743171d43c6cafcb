import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { actorRef, createdAt, createdBy, parentRef, serialId, timestamptz } from '../../db/columns.js';
import { charities } from '../charities/charities.table.js';
import { donations, giftAidClaims } from './donations.table.js';

/* Money back (docs/product/refunds-and-disputes.md): refunds, givers' requests, disputes. */

/** Numbers of credit notes, one per refund that gave money back, never reused. */
export const creditNoteSeq = pgSequence('credit_note_seq', { startWith: 1000 });

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * One giving back of (part of) a gift. A refund to a card is `pending` (its money set aside in the
 * held balance of where the gift rests) while the payment provider refunds it; every other refund is
 * made whole in one transaction.
 */
export const donationRefunds = pgTable(
  'donation_refunds',
  {
    id: serialId(),
    donationId: parentRef('donation_id', () => donations.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** Where the money went: the wallet, the credits, or the card it came from. */
    destination: text('destination', { enum: ['wallet', 'credits', 'card'] }).notNull(),
    /** Who started it: Kindred, the provider's dashboard (mirrored), or a dispute lost. */
    origin: text('origin', { enum: ['kindred', 'provider', 'dispute'] }).notNull(),
    /** Paid from the platform's own funds because the charity had been paid out (a platform admin's decision). */
    fromPlatform: boolean('from_platform').notNull().default(false),
    /** The held account the money waits in while the provider refunds a card (owner of the gift's funds). */
    heldOwnerType: text('held_owner_type', { enum: ['project', 'charity'] }),
    heldOwnerId: bigint('held_owner_id', { mode: 'number' }),
    providerRefundId: text('provider_refund_id'),
    creditNoteNumber: text('credit_note_number'),
    failureMessage: text('failure_message'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    index('donation_refunds_donation_idx').on(t.donationId, t.createdAt, t.id),
    index('donation_refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('donation_refunds_provider_uq').on(t.providerRefundId),
    uniqueIndex('donation_refunds_credit_note_uq').on(t.creditNoteNumber),
    check('donation_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const REFUND_REQUEST_STATUSES = ['open', 'accepted', 'declined'] as const;

/** A giver's request for their money back (within 30 days), answered by the charity. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serialId(),
    donationId: parentRef('donation_id', () => donations.id),
    charityId: parentRef('charity_id', () => charities.id),
    requestedBy: createdBy(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_REQUEST_STATUSES }).notNull(),
    answer: text('answer'),
    answeredBy: actorRef('answered_by'),
    refundId: bigint('refund_id', { mode: 'number' }).references(() => donationRefunds.id),
    createdAt: createdAt(),
    answeredAt: timestamptz('answered_at'),
  },
  (t) => [
    index('refund_requests_charity_idx').on(t.charityId, t.status, t.createdAt, t.id),
    index('refund_requests_donation_idx').on(t.donationId, t.createdAt),
    uniqueIndex('refund_requests_open_uq').on(t.donationId).where(sql`${t.status} = 'open'`),
  ],
);

export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;

/**
 * A card payment's dispute (chargeback) raised by the giver's bank, from the provider's events. While
 * open, the disputed money waits in the held balance of where the gift rested; `heldAmount` is what
 * could be set aside (less when the charity had been paid out).
 */
export const donationDisputes = pgTable(
  'donation_disputes',
  {
    id: serialId(),
    donationId: parentRef('donation_id', () => donations.id),
    providerDisputeId: text('provider_dispute_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    heldAmount: bigint('held_amount', { mode: 'number' }).notNull().default(0),
    heldOwnerType: text('held_owner_type', { enum: ['project', 'charity'] }),
    heldOwnerId: bigint('held_owner_id', { mode: 'number' }),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull(),
    openedAt: timestamptz('opened_at').notNull(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    uniqueIndex('donation_disputes_provider_uq').on(t.providerDisputeId),
    index('donation_disputes_donation_idx').on(t.donationId),
  ],
);

/**
 * Gift Aid already claimed on money later refunded: the charity's next claim deducts it
 * (docs/product/gift-aid.md).
 */
export const giftAidAdjustments = pgTable(
  'gift_aid_adjustments',
  {
    id: serialId(),
    charityId: parentRef('charity_id', () => charities.id),
    donationId: parentRef('donation_id', () => donations.id),
    refundId: parentRef('refund_id', () => donationRefunds.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The claim that deducted it; null until then. */
    claimId: bigint('claim_id', { mode: 'number' }).references(() => giftAidClaims.id),
    createdAt: createdAt(),
  },
  (t) => [index('gift_aid_adjustments_open_idx').on(t.charityId).where(sql`${t.claimId} is null`)],
);
