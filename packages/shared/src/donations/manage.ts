import { z } from 'zod';
import { amountSchema, cardSchema, paymentMethodSchema } from '../wallet/schemas.js';
import { donationSchema, subscriptionSchema } from './schemas.js';

/** How long a link in a receipt or a recurring gift's mail works (docs/product/card-gifts.md#manage-from-the-mail). */
export const MANAGE_LINK_DAYS = 30;

/**
 * GET /manage/{token}: the gift or the plan a mail's link is for, as the giver sees it without
 * signing in, and what they may do with it.
 */
export const manageViewSchema = z.object({
  kind: z.enum(['donation', 'subscription']),
  donation: donationSchema.nullable(),
  subscription: subscriptionSchema.nullable(),
  /** A plan paid by card: the card it charges. */
  payment_method: paymentMethodSchema.nullable(),
  /** The link stops working then. */
  expires_at: z.string(),
  /** What POST /manage/{token} accepts now. */
  actions: z.array(z.enum(['pause', 'resume', 'cancel', 'amount', 'card'])),
  /** A receipt to download with this link (GET /manage/{token}/receipt). */
  receipt: z.boolean(),
});
export type ManageView = z.infer<typeof manageViewSchema>;

export const MANAGE_ACTIONS = ['pause', 'resume', 'cancel', 'amount', 'card'] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];

/** POST /manage/{token}: one change to the plan. */
export const manageActionBodySchema = z
  .object({
    action: z.enum(MANAGE_ACTIONS, { message: 'Choose what to change.' }),
    /** With `amount`: the new amount of each gift, in minor units. */
    amount: amountSchema.optional(),
    /** With `card` (sandbox): the new card, typed into our form. */
    card: cardSchema.optional(),
    /** With `card` (Stripe): the PaymentMethod made by Elements. */
    provider_method_id: z.string().min(1).max(200).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.action === 'amount' && body.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount.' });
    if (body.action !== 'amount' && body.amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Only a change of amount takes one.' });
    if (body.action !== 'card' && (body.card !== undefined || body.provider_method_id !== undefined))
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'Only a change of card takes a card.' });
  });
export type ManageActionBody = z.infer<typeof manageActionBodySchema>;
