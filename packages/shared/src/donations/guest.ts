import { z } from 'zod';
import { emailSchema } from '../accounts/schemas.js';
import { text } from '../common/text.js';
import { amountSchema, cardSchema } from '../wallet/schemas.js';
import { DONATION_MESSAGE_MAX_LENGTH } from './constants.js';

/** Gifts one email may make as a guest in a day (docs/product/card-gifts.md#giving-without-an-account). */
export const GUEST_GIFTS_PER_EMAIL_PER_DAY = 10;

/** The Gift Aid declaration a guest makes with the gift: HMRC's name, house and post code. */
export const guestDeclarationSchema = z
  .object({
    title: text(20).optional(),
    house: text(100).min(1, { message: 'Enter your house name or number.' }),
    post_code: text(10).regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/, {
      message: 'Enter a valid UK post code.',
    }),
  })
  .strict();

/**
 * POST /guest/donate/project/{id}, /guest/donate/charity/{id}: a gift of funds by card, once,
 * without an account. The receipt goes to `email`; nothing says whether that email has an account.
 */
export const guestDonateBodySchema = z
  .object({
    email: emailSchema,
    first_name: text(100).min(1, { message: 'Enter your first name.' }),
    last_name: text(100).min(1, { message: 'Enter your last name.' }),
    amount: amountSchema,
    /** Sandbox: the card typed into our form. With Stripe the browser confirms with Elements. */
    card: cardSchema.optional(),
    gift_aid: z.boolean().optional(),
    /** With Gift Aid: the declaration, made with this gift for the charity that receives it. */
    declaration: guestDeclarationSchema.optional(),
    anonymous: z.boolean().optional(),
    message: text(DONATION_MESSAGE_MAX_LENGTH).optional(),
    /** Given through a fundraising page (docs/product/fundraising-pages.md). */
    fundraiser_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.gift_aid === true && body.declaration === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['declaration'],
        message: 'Give your house and post code for the Gift Aid declaration.',
      });
    if (body.gift_aid !== true && body.declaration !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['declaration'],
        message: 'Only a gift with Gift Aid takes a declaration.',
      });
  });
export type GuestDonateBody = z.infer<typeof guestDonateBodySchema>;
