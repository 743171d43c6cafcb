import { z } from 'zod';
import { describedFields } from '../common/fields.js';
import { wholeNumberMessage } from '../validation/validators.js';
import { amountSchema, cardSchema } from '../wallet/schemas.js';

/**
 * Plan fee types (docs/product/organisations.md#subscriptions-and-invoices): 1 a monthly fee, 2 an
 * annual fee.
 */
export const PLAN_FEE_TYPES = [
  { id: 1, label: 'Monthly' },
  { id: 2, label: 'Annual' },
] as const;
export const PLAN_FEE_TYPE = { monthly: 1, annual: 2 } as const;
export const DISCOUNT_KINDS = ['percentage', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

const feeTypeSchema = z.union([z.literal(1), z.literal(2)], { message: 'Choose monthly or annual.' });

/** A subscription plan kept by platform admins. */
export const planSchema = z.object({
  ...describedFields(),
  /** Minor units per period. */
  fee: z.number().int(),
  /** 1 Monthly, 2 Annual. */
  fee_type: z.number().int(),
  currency: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** POST /admin/subscription_plans */
export const planBodySchema = z
  .object({
    name: z.string().trim().min(2).max(100, { message: 'Use at most 100 characters.' }),
    description: z
      .string()
      .trim()
      .max(1000, { message: 'Use at most 1000 characters.' })
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    fee: amountSchema,
    fee_type: feeTypeSchema,
    active: z.boolean().default(true),
  })
  .strict();
export type PlanBody = z.input<typeof planBodySchema>;

/** PATCH /admin/subscription_plans/{id}: a plan's fee applies to periods invoiced after the change. */
export const planUpdateBodySchema = z
  .object({
    name: z.string().trim().min(2).max(100, { message: 'Use at most 100 characters.' }),
    description: z.string().trim().max(1000, { message: 'Use at most 1000 characters.' }).nullable(),
    fee: amountSchema,
    active: z.boolean(),
  })
  .partial()
  .strict();
export type PlanUpdateBody = z.infer<typeof planUpdateBodySchema>;

/** A discount code kept by platform admins: percentage or fixed, with an expiry and a maximum of uses. */
export const discountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** Percent (1 to 100) or minor units off each invoice. */
  value: z.number().int(),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

/** A code as typed: letters, digits, dash and underscore; compared in capitals. */
export const discountCodeTextSchema = z
  .string({ message: 'Enter a discount code.' })
  .trim()
  .min(1, { message: 'Enter a discount code.' })
  .max(32, { message: 'Use at most 32 characters.' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'Letters, digits, - and _ only.' })
  .transform((code) => code.toUpperCase());

const expiresSchema = z.iso
  .datetime({ offset: true, message: 'Use a date and time like 2026-12-31T23:59:59Z.' })
  .nullable();
/** The most uses a discount code may allow. */
export const MAX_CODE_USES = 1_000_000;
const MAX_USES_MESSAGE = wholeNumberMessage(1, MAX_CODE_USES);
const maxUsesSchema = z
  .number({ message: MAX_USES_MESSAGE })
  .int({ message: MAX_USES_MESSAGE })
  .positive({ message: MAX_USES_MESSAGE })
  .max(MAX_CODE_USES, { message: MAX_USES_MESSAGE })
  .nullable();

/** POST /admin/discount_codes */
export const discountCodeBodySchema = z
  .object({
    code: discountCodeTextSchema.refine((code) => code.length >= 3, {
      message: 'Use at least 3 characters.',
    }),
    kind: z.enum(DISCOUNT_KINDS, { message: 'Choose percentage or fixed.' }),
    value: amountSchema,
    expires_at: expiresSchema.default(null),
    max_uses: maxUsesSchema.default(null),
    active: z.boolean().default(true),
  })
  .strict()
  .refine((body) => body.kind !== 'percentage' || body.value <= 100, {
    message: 'A percentage is 1 to 100.',
    path: ['value'],
  });
export type DiscountCodeBody = z.input<typeof discountCodeBodySchema>;

/** PATCH /admin/discount_codes/{id} */
export const discountCodeUpdateBodySchema = z
  .object({ expires_at: expiresSchema, max_uses: maxUsesSchema, active: z.boolean() })
  .partial()
  .strict();
export type DiscountCodeUpdateBody = z.infer<typeof discountCodeUpdateBodySchema>;

const planIdSchema = z
  .number({ message: 'Choose a plan.' })
  .int({ message: 'Choose a plan.' })
  .positive({ message: 'Choose a plan.' });

/** POST /business/{id}/subscription and /subscription/preview: a plan and an optional code. */
export const subscribeBodySchema = z
  .object({
    plan_id: planIdSchema,
    discount_code: discountCodeTextSchema.nullable().optional(),
  })
  .strict();
export type SubscribeBody = z.input<typeof subscribeBodySchema>;

/** POST /business/{id}/subscription_with_direct_debit: each period paid by a direct debit (type 3). */
export const subscribeDirectDebitBodySchema = z
  .object({
    plan_id: planIdSchema,
    discount_code: discountCodeTextSchema.nullable().optional(),
    /** Sandbox: the card typed into our form. */
    card: cardSchema.optional(),
    /** With Stripe: the PaymentMethod made by Elements. */
    payment_method_id: z.string().max(200).optional(),
  })
  .strict();
export type SubscribeDirectDebitBody = z.input<typeof subscribeDirectDebitBodySchema>;

/**
 * PATCH /business/{id}/subscription/plan: the active subscription moves to another offered plan from
 * its next period (its current plan again: the change is dropped).
 */
export const subscriptionPlanChangeBodySchema = z.object({ plan_id: planIdSchema }).strict();
export type SubscriptionPlanChangeBody = z.input<typeof subscriptionPlanChangeBodySchema>;

/** POST /business/{id}/subscription/preview: a new subscription's first period, or with `change` the next period of the active one on that plan. */
export const subscriptionPreviewBodySchema = z
  .object({
    plan_id: planIdSchema,
    discount_code: discountCodeTextSchema.nullable().optional(),
    /** Price a change of the active subscription's plan (from its next period, with its code). */
    change: z.boolean().optional(),
  })
  .strict();

/** POST /business/{id}/subscription/discount */
export const subscriptionDiscountBodySchema = z.object({ discount_code: discountCodeTextSchema }).strict();
export type SubscriptionDiscountBody = z.input<typeof subscriptionDiscountBodySchema>;

/** What a plan costs the organisation for one period, with a code. */
export const subscriptionPreviewSchema = z.object({
  plan: planSchema,
  discount_code: z.string().nullable(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  period_start: z.string(),
  period_end: z.string(),
});
export type SubscriptionPreview = z.infer<typeof subscriptionPreviewSchema>;

export const ORG_SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'replaced'] as const;
export const SUBSCRIPTION_PAYMENT_METHODS = ['wallet', 'direct_debit'] as const;
export const INVOICE_STATUSES = ['due', 'paid'] as const;

export const orgSubscriptionSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  plan: planSchema,
  status: z.enum(ORG_SUBSCRIPTION_STATUSES),
  payment_method: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  /** Paid by a direct debit: its type (3) and the card it charges. */
  direct_debit: z.object({ type: z.number().int(), payment_method_label: z.string() }).nullable(),
  discount: z.object({ code: z.string(), kind: z.enum(DISCOUNT_KINDS), value: z.number().int() }).nullable(),
  /** The fee of each period after the discount. */
  period_total: z.number().int(),
  started_on: z.string(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  /** The day the next period is invoiced (null once cancelled). */
  next_invoice_on: z.string().nullable(),
  /** A plan chosen for the periods from `next_invoice_on` on, and what each will cost; null when none. */
  next_plan: planSchema.nullable(),
  next_period_total: z.number().int().nullable(),
  set_by_platform: z.boolean(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
});
export type OrgSubscription = z.infer<typeof orgSubscriptionSchema>;

/** GET /business/{id}/subscription, POST /business/{id}/subscription/current */
export const currentSubscriptionSchema = z.object({ subscription: orgSubscriptionSchema.nullable() });
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  subscription_id: z.number().int(),
  business_id: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  plan_name: z.string(),
  fee_type: z.number().int(),
  subtotal: z.number().int(),
  discount_code: z.string().nullable(),
  discount: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  payment_method: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  /** Why the last attempt to pay it failed, while it is due. */
  last_error: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** What subscribing answers: the subscription and its first period's invoice. */
export const subscribeResponseSchema = z.object({
  subscription: orgSubscriptionSchema,
  invoice: invoiceSchema,
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;
