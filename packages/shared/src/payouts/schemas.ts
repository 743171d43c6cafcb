import { z } from 'zod';
import { MAX_INT_ID } from '../common/limits.js';
import { text } from '../common/text.js';
import { amountSchema } from '../wallet/schemas.js';

/* Money out (docs/product/payouts-and-reconciliation.md): payout accounts, payouts, statements. */

/** The smallest payout the platform makes (minor units): ₹10. */
export const PAYOUT_MINIMUM = 1_000;

/** The bank details of a charity's payout account (the sandbox keeps them; Stripe takes its own). */
export const bankDetailsSchema = z
  .object({
    account_name: text(100).min(1, { message: 'Enter the name on the bank account.' }),
    sort_code: z
      .string()
      .trim()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, { message: 'A sort code is 6 digits, like 12-34-56.' })),
    account_number: z
      .string()
      .trim()
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{8}$/, { message: 'An account number is 8 digits.' })),
  })
  .strict();
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** PATCH /stripe/account: open or refresh the payout account; new bank details wait for a platform admin's check. */
export const providerAccountBodySchema = z
  .object({
    charity_id: z.number().int().positive().max(MAX_INT_ID),
    bank: bankDetailsSchema.optional(),
  })
  .strict();

export const providerAccountSchema = z.object({
  charity_id: z.number().int(),
  provider: z.string(),
  account_id: z.string(),
  status: z.string(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  /** The bank account shown masked: "Riverside Trust, sort code 12-34-56, account ••••5678". */
  account_name: z.string().nullable(),
  bank: z.string().nullable(),
  /** Checked by a platform admin: payouts are made only to a verified account. */
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  updated_at: z.string(),
});
export type ProviderAccountInfo = z.infer<typeof providerAccountSchema>;

/** A payout account as platform admins list them, with its charity's name. */
export const payoutAccountForReviewSchema = providerAccountSchema.extend({
  charity: z.object({ id: z.number().int(), name: z.string() }),
});
export type PayoutAccountForReview = z.infer<typeof payoutAccountForReviewSchema>;

export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const payoutSchema = z.object({
  id: z.number().int(),
  charity: z.object({ id: z.number().int(), name: z.string() }),
  amount: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  /** Made by the charity's schedule rather than asked for. */
  scheduled: z.boolean(),
  /** The provider's transfer, once paid. */
  transfer_id: z.string().nullable(),
  failure_message: z.string().nullable(),
  /** How many gifts it pays (its statement lists them). */
  gifts: z.number().int(),
  requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  approved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** POST /charity/{id}/payouts */
export const payoutRequestBodySchema = z.object({ amount: amountSchema }).strict();
export type PayoutRequestBody = z.infer<typeof payoutRequestBodySchema>;

/** POST /admin/payouts/approve */
export const approvePayoutsBodySchema = z
  .object({
    payout_ids: z
      .array(z.number().int().positive().max(MAX_INT_ID))
      .min(1, { message: 'Choose at least one payout.' })
      .max(100, { message: 'At most 100 at once.' }),
  })
  .strict();
export type ApprovePayoutsBody = z.infer<typeof approvePayoutsBodySchema>;

/** POST /admin/payouts/{id}/reject: the money goes back to the charity's balance. */
export const rejectPayoutBodySchema = z
  .object({ reason: text(500).min(1, { message: 'Say why, so the charity knows.' }) })
  .strict();

export const PAYOUT_FREQUENCIES = ['weekly', 'monthly'] as const;

/** PUT /charity/{id}/payout_schedule: all that is available is paid out on a schedule (null: by hand only). */
export const payoutScheduleBodySchema = z
  .object({ frequency: z.enum(PAYOUT_FREQUENCIES, { message: 'Choose weekly or monthly.' }).nullable() })
  .strict();
export const payoutScheduleSchema = z.object({
  frequency: z.enum(PAYOUT_FREQUENCIES).nullable(),
  /** The next day a payout is made on the schedule. */
  next_on: z.string().nullable(),
});
export type PayoutSchedule = z.infer<typeof payoutScheduleSchema>;

/** One month of a charity's money: received, refunded, paid out (the funds screen's chart). */
export const fundsMonthSchema = z.object({
  month: z.string(),
  received: z.number().int(),
  refunded: z.number().int(),
  paid_out: z.number().int(),
});
export type FundsMonth = z.infer<typeof fundsMonthSchema>;

/** GET /admin/reconciliation: the provider's records against the books (docs/product/payouts-and-reconciliation.md#reconciliation). */
export const MISMATCH_PROBLEMS = ['missing_in_books', 'missing_at_provider', 'amount_differs'] as const;
export const reconciliationReportSchema = z.object({
  last_run: z
    .object({
      ran_at: z.string(),
      since: z.string(),
      until: z.string(),
      provider: z.string(),
      provider_records: z.number().int(),
      matched: z.number().int(),
      mismatches: z.number().int(),
    })
    .nullable(),
  mismatches: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['charge', 'refund', 'dispute', 'transfer']),
      provider_id: z.string(),
      problem: z.enum(MISMATCH_PROBLEMS),
      provider_amount: z.number().int().nullable(),
      books_amount: z.number().int().nullable(),
      payment_id: z.string().nullable(),
      first_seen_at: z.string(),
      last_seen_at: z.string(),
    }),
  ),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;
