import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  actorRef,
  createdAt,
  createdBy,
  parentRef,
  serialId,
  timestamptz,
  updatedAt,
} from '../../db/columns.js';
import { charities } from '../charities/charities.table.js';
import { fundraisers } from '../fundraisers/fundraisers.table.js';
import { projects } from '../projects/projects.table.js';
import { users } from '../users/users.table.js';

/**
 * Who gives: a person, an organisation (its donations arrive with the organisations module), or a
 * guest who gave by card without an account (`guest_givers`; docs/product/card-gifts.md#giving-without-an-account).
 */
export const DONOR_TYPES = ['user', 'business', 'guest'] as const;
export type DonorType = (typeof DONOR_TYPES)[number];
/** Who may give on a schedule: a person or an organisation (a guest gives once). */
export const SUBSCRIBER_TYPES = ['user', 'business'] as const;

/**
 * A guest's gift by card: the name and email it was given with. When a person signs up or signs in
 * with that email verified, the gifts become theirs (`claimed_by`).
 */
export const guestGivers = pgTable(
  'guest_givers',
  {
    id: serialId(),
    /** As typed, trimmed; compared in lower case. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: createdAt(),
    claimedBy: bigint('claimed_by', { mode: 'number' }).references(() => users.id),
    claimedAt: timestamptz('claimed_at'),
  },
  (t) => [index('guest_givers_email_idx').on(sql`lower(${t.email})`, t.createdAt)],
);

/**
 * Recurring funds donations (docs/product/donations.md#recurring-gifts): each due period becomes
 * one donation.
 */
export const donationSubscriptions = pgTable(
  'donation_subscriptions',
  {
    id: serialId(),
    donorType: text('donor_type', { enum: SUBSCRIBER_TYPES }).notNull(),
    donorId: bigint('donor_id', { mode: 'number' }).notNull(),
    createdBy: createdBy(),
    method: smallint('method').notNull(),
    projectId: bigint('project_id', { mode: 'number' }).references(() => projects.id),
    charityId: parentRef('charity_id', () => charities.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    source: text('source', { enum: ['wallet', 'credits', 'card'] }).notNull(),
    /** Paid by card: the saved card charged each period, off-session. */
    paymentMethodId: bigint('payment_method_id', { mode: 'number' }),
    /** 1 Daily, 2 Weekly, 3 Monthly, 4 Yearly. */
    frequency: smallint('frequency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** The next period to create; null once past the end or cancelled. */
    nextDate: date('next_date', { mode: 'string' }),
    status: text('status', { enum: ['active', 'paused', 'cancelled', 'failing'] }).notNull(),
    /** Periods in a row whose occurrence failed for lack of funds. */
    failedPeriods: integer('failed_periods').notNull().default(0),
    giftAid: boolean('gift_aid').notNull().default(false),
    anonymous: boolean('anonymous').notNull().default(false),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('donation_subscriptions_donor_idx').on(t.donorType, t.donorId, t.createdAt, t.id),
    index('donation_subscriptions_due_idx').on(t.nextDate).where(sql`${t.status} in ('active', 'failing')`),
    check('donation_subscriptions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Numbers of funds receipts, one per approved funds donation, never reused. */
export const donationReceiptSeq = pgSequence('donation_receipt_seq', { startWith: 1000 });

/**
 * A donation (docs/product/donations.md): one gift of funds, time, skills or goods, to a project
 * (method 1) or straight to a charity (method 2). Its money moves are the ledger transactions
 * carrying its id; its status changes are its history.
 */
export const donations = pgTable(
  'donations',
  {
    id: serialId(),
    method: smallint('method').notNull(),
    /** 2 Funds, 3 Volunteering, 4 Skilled Volunteering, 5 Gifts. */
    type: smallint('type').notNull(),
    /** 20, 30, 40, 80, 85 or 90 (docs/product/donations.md#statuses, transaction status). */
    status: smallint('status').notNull(),
    donorType: text('donor_type', { enum: DONOR_TYPES }).notNull(),
    donorId: bigint('donor_id', { mode: 'number' }).notNull(),
    /** The person who gave (for an organisation, the employee who asked). */
    createdBy: createdBy(),
    projectId: bigint('project_id', { mode: 'number' }).references(() => projects.id),
    charityId: parentRef('charity_id', () => charities.id),
    amount: bigint('amount', { mode: 'number' }),
    /** Given back so far (docs/product/refunds-and-disputes.md); a full refund ends the gift at 90. */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    source: text('source', { enum: ['wallet', 'credits', 'card'] }),
    /** A gift by card: the payment that paid it (payments module). */
    paymentId: bigint('payment_id', { mode: 'number' }),
    hours: integer('hours'),
    confirmedHours: integer('confirmed_hours'),
    date: date('date', { mode: 'string' }),
    skillType: smallint('skill_type'),
    giftType: smallint('gift_type'),
    description: text('description'),
    quantity: integer('quantity'),
    estimatedValue: bigint('estimated_value', { mode: 'number' }),
    giftAid: boolean('gift_aid').notNull().default(false),
    giftAidAmount: bigint('gift_aid_amount', { mode: 'number' }).notNull().default(0),
    giftAidDeclarationId: bigint('gift_aid_declaration_id', { mode: 'number' }).references(
      () => giftAidDeclarations.id,
    ),
    /** The charity's claim batch that included it: claimed gifts never change. */
    giftAidClaimId: bigint('gift_aid_claim_id', { mode: 'number' }).references(() => giftAidClaims.id),
    anonymous: boolean('anonymous').notNull().default(false),
    message: text('message'),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).references(() => donationSubscriptions.id),
    /** The date of the subscription's period this donation is (one per period). */
    period: date('period', { mode: 'string' }),
    receiptNumber: text('receipt_number'),
    /** On behalf of an organisation: when its sign-off admins were last reminded (every 7 days at 20). */
    signoffRemindedAt: timestamptz('signoff_reminded_at'),
    /** An organisation's match (decision 024): the employee's own gift it answers. */
    matchOf: bigint('match_of', { mode: 'number' }).references((): AnyPgColumn => donations.id),
    /** The fundraising page the gift was made through (docs/product/fundraising-pages.md). */
    fundraiserId: bigint('fundraiser_id', { mode: 'number' }).references(() => fundraisers.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('donations_donor_idx').on(t.donorType, t.donorId, t.createdAt, t.id),
    index('donations_charity_idx').on(t.charityId, t.createdAt, t.id),
    index('donations_project_idx').on(t.projectId, t.createdAt, t.id),
    index('donations_project_donor_idx').on(t.projectId, t.donorType, t.donorId),
    index('donations_waiting_idx')
      .on(t.status, t.createdAt, t.id)
      .where(sql`${t.status} in (20, 30, 40, 80)`),
    index('donations_match_of_idx').on(t.matchOf),
    index('donations_fundraiser_idx')
      .on(t.fundraiserId, t.createdAt, t.id)
      .where(sql`${t.fundraiserId} is not null`),
    uniqueIndex('donations_period_uq').on(t.subscriptionId, t.period),
    uniqueIndex('donations_receipt_uq').on(t.receiptNumber),
    check('donations_amount_positive', sql`${t.amount} is null or ${t.amount} > 0`),
    check(
      'donations_refunded_within_amount',
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= coalesce(${t.amount}, 0)`,
    ),
    check('donations_hours_positive', sql`${t.hours} is null or ${t.hours} > 0`),
  ],
);

/** Every status a donation took: who, when and why. */
export const donationHistory = pgTable(
  'donation_history',
  {
    id: serialId(),
    donationId: parentRef('donation_id', () => donations.id),
    status: smallint('status').notNull(),
    by: actorRef('by'),
    reason: text('reason'),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('donation_history_donation_idx').on(t.donationId, t.at, t.id)],
);

/**
 * A sign-off admin's approval of a donation made on behalf of an organisation
 * (docs/product/organisations.md#sign-off): bound to the amount and recipient it was given for; one
 * per person and donation.
 */
export const donationSignoffs = pgTable(
  'donation_signoffs',
  {
    donationId: parentRef('donation_id', () => donations.id),
    userId: parentRef('user_id', () => users.id),
    amount: bigint('amount', { mode: 'number' }),
    charityId: bigint('charity_id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }),
    at: timestamptz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.donationId, t.userId] })],
);

/** An occurrence of a subscription that could not be paid yet: retried after 2 and 5 days. */
export const subscriptionRetries = pgTable(
  'subscription_retries',
  {
    id: serialId(),
    subscriptionId: parentRef('subscription_id', () => donationSubscriptions.id),
    period: date('period', { mode: 'string' }).notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** open (to retry), paid, failed. */
    status: text('status', { enum: ['open', 'paid', 'failed'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_retries_period_uq').on(t.subscriptionId, t.period),
    index('subscription_retries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A donor's Gift Aid declaration for one charity, kept as an audit record with the text shown and
 * its date (cancelling stamps it, never deletes). Declarations made before they named a charity
 * keep `charity_id` null: records only, they make no new gift eligible (decision 037).
 */
export const giftAidDeclarations = pgTable(
  'gift_aid_declarations',
  {
    id: serialId(),
    /** The donor; null while it is a guest's (`guestGiverId`), until the guest's gifts are claimed. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    guestGiverId: bigint('guest_giver_id', { mode: 'number' }).references(() => guestGivers.id),
    /** The charity that claims on it (HMRC: the declaration names it); null on the earlier ones. */
    charityId: bigint('charity_id', { mode: 'number' }).references(() => charities.id),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    house: text('house').notNull(),
    address: text('address').notNull(),
    postCode: text('post_code').notNull(),
    text: text('text').notNull(),
    declaredAt: timestamptz('declared_at').notNull(),
    cancelledAt: timestamptz('cancelled_at'),
  },
  (t) => [
    index('gift_aid_declarations_user_idx').on(t.userId, t.declaredAt),
    // One current declaration per donor and charity (and at most one current earlier one).
    uniqueIndex('gift_aid_declarations_current_uq')
      .on(t.userId, t.charityId)
      .where(sql`${t.cancelledAt} is null`),
    uniqueIndex('gift_aid_declarations_current_legacy_uq')
      .on(t.userId)
      .where(sql`${t.cancelledAt} is null and ${t.charityId} is null`),
  ],
);

/** A charity's Gift Aid claim: the eligible gifts it exported to HMRC, frozen from then on. */
export const giftAidClaims = pgTable(
  'gift_aid_claims',
  {
    id: serialId(),
    charityId: parentRef('charity_id', () => charities.id),
    createdBy: createdBy(),
    donations: integer('donations').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    giftAid: bigint('gift_aid', { mode: 'number' }).notNull(),
    /** Gift Aid claimed before on money since refunded, deducted from this claim's `gift_aid`. */
    adjustment: bigint('adjustment', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('gift_aid_claims_charity_idx').on(t.charityId, t.createdAt, t.id)],
);
