import { z } from 'zod';
import { walletBalanceFields } from '../common/fields.js';
import { HELD_GIFT_STATES, LEDGER_HISTORY_ACCOUNTS, MAX_AMOUNT } from './constants.js';

/**
 * An amount in minor units: a whole number above zero (notZero and largerThan 0:
 * docs/product/limits-and-messages.md#form-checks).
 */
export const amountSchema = z
  .number({ message: 'Enter an amount.' })
  .int({ message: 'Use whole minor units (no fractions of a penny).' })
  .positive({ message: 'The amount must be more than 0.' })
  .max(MAX_AMOUNT, { message: 'The amount is too large.' });

export const cardSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[0-9 -]{12,23}$/, { message: 'Enter the card number.' }),
  exp_month: z.number().int().min(1, { message: 'Month 1 to 12.' }).max(12, { message: 'Month 1 to 12.' }),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, { message: 'Three or four digits.' }),
});
export type CardInput = z.infer<typeof cardSchema>;

/** POST /user/deposit, POST /business/{id}/deposit */
export const depositBodySchema = z.object({
  amount: amountSchema,
  /** Sandbox: the card typed into our form. With Stripe the browser confirms with Elements instead. */
  card: cardSchema.optional(),
});
export type DepositBody = z.infer<typeof depositBodySchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  status: z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'credited', 'refunded']),
  amount: z.number().int(),
  currency: z.string(),
  client_secret: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const walletSchema = z.object(walletBalanceFields());
export type Wallet = z.infer<typeof walletSchema>;

/** POST /user/deposit/confirm, POST /business/{id}/confirm */
export const confirmDepositBodySchema = z.object({ payment_id: z.number().int().positive() });
export const depositResponseSchema = z.object({ payment: paymentSchema, wallet: walletSchema });
export type DepositResponse = z.infer<typeof depositResponseSchema>;

/**
 * A card payment that needs one more step from the giver (3-D Secure): the 202 answer of a gift by
 * card. The browser completes it with the provider (`client_secret`), then calls
 * POST /payment/{id}/confirm.
 */
export const cardActionResponseSchema = z.object({
  payment: z.object({
    id: z.number().int(),
    status: z.literal('requires_action'),
    client_secret: z.string(),
  }),
});
export type CardActionResponse = z.infer<typeof cardActionResponseSchema>;

/** A saved card of a person or an organisation (GET /user/payment_methods). */
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  /** 'Visa', 'Mastercard', or 'Card' when the provider does not say. */
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  /** 'Visa ending 4242'. */
  label: z.string(),
  /** The card a gift by card starts with. */
  is_default: z.boolean(),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListSchema = z.object({ items: z.array(paymentMethodSchema) });

/**
 * POST /user/payment_methods, POST /business/{id}/payment_methods: the sandbox saves the card typed
 * into our form at once; with Stripe the browser makes a PaymentMethod with Elements and sends its
 * id, which the provider keeps for this owner. No card number reaches our server with Stripe.
 */
export const savePaymentMethodBodySchema = z
  .object({
    card: cardSchema.optional(),
    /** With Stripe: the PaymentMethod made by Elements. */
    provider_method_id: z.string().min(1).max(200).optional(),
    make_default: z.boolean().optional(),
  })
  .strict();
export type SavePaymentMethodBody = z.infer<typeof savePaymentMethodBodySchema>;
export const savePaymentMethodResponseSchema = z.object({ payment_method: paymentMethodSchema });

/** GET /user/payments/{from}/{to}, GET /business/{id}/payments/{from}/{to} */
export const historyParamsSchema = z.object({
  from: z.iso.date({ message: 'Use the date format YYYY-MM-DD.' }),
  to: z.iso.date({ message: 'Use the date format YYYY-MM-DD.' }),
});
const namedSchema = z.object({ id: z.number().int(), name: z.string() });
export const historyItemSchema = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  created_at: z.string(),
  kind: z.string(),
  /** What the movement was, named for people: "Gift to Clean Rivers (River Trust)", "Card top-up". */
  description: z.string(),
  account: z.enum(LEDGER_HISTORY_ACCOUNTS),
  /**
   * Signed minor units: money in is positive. A held gift's one line says what left the available
   * money: the amount while held or once given, 0 once released back.
   */
  amount: z.number().int(),
  /** The gift the movement belongs to, if any. */
  gift: z
    .object({
      donation_id: z.number().int(),
      project: namedSchema.nullable(),
      charity: namedSchema,
      /** For a gift whose money was held: where it stands. Null for money that moved at once. */
      state: z.enum(HELD_GIFT_STATES).nullable(),
      /** The amount that was held (a released gift's line shows 0 as its amount). */
      held_amount: z.number().int().nullable(),
    })
    .nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** POST /user/create_direct_debit, POST /business/direct_debit/{id} */
export const directDebitBodySchema = z.object({
  amount: amountSchema,
  frequency: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    message: 'Choose how often.',
  }),
  start_date: z.iso.date({ message: 'Use the date format YYYY-MM-DD.' }),
  card: cardSchema.optional(),
  /** With Stripe: the PaymentMethod made by Elements. */
  payment_method_id: z.string().max(200).optional(),
});
export const businessDirectDebitBodySchema = directDebitBodySchema.extend({
  /** 1 Wallet charge, 3 Charity subscription. */
  type: z.union([z.literal(1), z.literal(3)]).default(1),
  charity_id: z.number().int().positive().optional(),
});
export type DirectDebitBody = z.infer<typeof directDebitBodySchema>;
export type BusinessDirectDebitBody = z.infer<typeof businessDirectDebitBodySchema>;

export const directDebitSchema = z.object({
  id: z.number().int(),
  owner_type: z.enum(['user', 'business']),
  owner_id: z.number().int(),
  type: z.number().int(),
  charity_id: z.number().int().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  frequency: z.number().int(),
  start_date: z.string(),
  next_charge_on: z.string(),
  status: z.enum(['active', 'cancelled', 'failed']),
  payment_method_label: z.string(),
  failed_attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type DirectDebit = z.infer<typeof directDebitSchema>;

/** POST /admin/user/{id}/deposit, POST /admin/business/{id}/deposit, POST /admin/business/{id}/cc */
export const adminDepositBodySchema = z.object({
  amount: amountSchema,
  kind: z.enum(['money', 'credits']).default('money'),
  reason: z.string().trim().min(3, { message: 'Say why (at least 3 characters).' }).max(500),
});
export const adminCreditsBodySchema = adminDepositBodySchema.omit({ kind: true });
export type AdminDepositBody = z.infer<typeof adminDepositBodySchema>;

/** POST /organisation/transfer_funds */
export const transferFundsBodySchema = z
  .object({
    from_business_id: z.number().int().positive(),
    to_business_id: z.number().int().positive(),
    amount: amountSchema,
    description: z.string().trim().max(300).optional(),
  })
  .refine((body) => body.from_business_id !== body.to_business_id, {
    message: 'Choose two different organisations.',
    path: ['to_business_id'],
  });
export type TransferFundsBody = z.infer<typeof transferFundsBodySchema>;

export const transferResponseSchema = z.object({
  transaction_id: z.number().int(),
  from: walletSchema,
  to: walletSchema,
});
