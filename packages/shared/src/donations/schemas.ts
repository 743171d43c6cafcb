import { z } from 'zod';
import { giftTargetFields, hoursGivenFields, itemsSchema, walletBalanceFields } from '../common/fields.js';
import { MAX_INT_ID } from '../common/limits.js';
import { text } from '../common/text.js';
import { GIFT_TYPES, GIVING_TYPE, SKILL_TYPES } from '../reference/index.js';
import { amountSchema, cardSchema } from '../wallet/schemas.js';
import {
  DONATION_MESSAGE_MAX_LENGTH,
  DONATION_SOURCES,
  GIFT_DESCRIPTION_MAX_LENGTH,
  MAX_GIFT_QUANTITY,
  MAX_PLEDGE_HOURS,
  PLEDGE_HOURS_MESSAGE,
  SUBSCRIPTION_STATUSES,
} from './constants.js';
import { disputeSchema, refundRequestSchema, refundSchema } from './refunds.js';

const isoDate = z.iso.date({ message: 'Use the date format YYYY-MM-DD.' });

/** The kinds a person can give (1, a manual adjustment, is a platform admin's). */
export const donationTypeSchema = z.union(
  [
    z.literal(GIVING_TYPE.funds),
    z.literal(GIVING_TYPE.volunteering),
    z.literal(GIVING_TYPE.skilledVolunteering),
    z.literal(GIVING_TYPE.gifts),
  ],
  { message: 'Choose how to give.' },
);
export const frequencySchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  message: 'Choose how often.',
});

const hoursSchema = z
  .number({ message: PLEDGE_HOURS_MESSAGE })
  .int({ message: PLEDGE_HOURS_MESSAGE })
  .min(1, { message: PLEDGE_HOURS_MESSAGE })
  .max(MAX_PLEDGE_HOURS, { message: PLEDGE_HOURS_MESSAGE });

/**
 * POST /user/donate/project/{id}, /user/donate/charity/{id} (and the organisation's variants):
 * one body for the four kinds (docs/product/donations.md#kinds-and-methods). Fields another kind
 * needs are refused by name.
 */
export const donateBodySchema = z
  .object({
    type: donationTypeSchema,
    amount: amountSchema.optional(),
    source: z.enum(DONATION_SOURCES, { message: 'Choose wallet, credits or card.' }).optional(),
    /** Paying by card: one of the giver's saved cards (GET /user/payment_methods). */
    payment_method_id: z.number().int().positive().max(MAX_INT_ID).optional(),
    /** Paying by card in the sandbox: the card typed into our form (with Stripe, the browser confirms). */
    card: cardSchema.optional(),
    hours: hoursSchema.optional(),
    /** A blank date means the project's end date. */
    date: isoDate.or(z.literal('')).optional(),
    skill_type: z
      .number()
      .int()
      .min(1, { message: 'Choose a skill.' })
      .max(SKILL_TYPES.length, { message: 'Choose a skill.' })
      .optional(),
    gift_type: z
      .number()
      .int()
      .min(1, { message: 'Choose a kind of gift.' })
      .max(GIFT_TYPES.length, { message: 'Choose a kind of gift.' })
      .optional(),
    description: text(GIFT_DESCRIPTION_MAX_LENGTH).optional(),
    quantity: z
      .number()
      .int({ message: 'Use a whole number.' })
      .min(1, { message: 'At least 1.' })
      .max(MAX_GIFT_QUANTITY)
      .optional(),
    /** The gift's estimated value in minor units (0 when unknown). */
    estimated_value: z
      .number()
      .int({ message: 'Use whole minor units.' })
      .min(0, { message: 'The value cannot be negative.' })
      .max(1_000_000_000_000)
      .optional(),
    /** Recurring: how often (funds only) and from when (default today). */
    frequency: frequencySchema.optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    gift_aid: z.boolean().optional(),
    anonymous: z.boolean().optional(),
    message: text(DONATION_MESSAGE_MAX_LENGTH).optional(),
    /** Given through a fundraising page (docs/product/fundraising-pages.md): a gift of funds, once. */
    fundraiser_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const need = (field: keyof typeof body, message: string) => {
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    const refuse = (fields: (keyof typeof body)[], message: string) => {
      for (const field of fields)
        if (body[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    const { funds, volunteering, skilledVolunteering, gifts } = GIVING_TYPE;
    if (body.type === funds) {
      need('amount', 'Enter an amount.');
      refuse(
        ['hours', 'date', 'skill_type', 'gift_type', 'description', 'quantity', 'estimated_value'],
        'Not part of a gift of funds.',
      );
    } else {
      refuse(
        ['amount', 'source', 'gift_aid', 'card', 'payment_method_id'],
        'Only gifts of funds carry money.',
      );
      refuse(['frequency', 'start_date', 'end_date'], 'Only gifts of funds can repeat.');
      refuse(['fundraiser_id'], 'A fundraising page collects gifts of funds.');
    }
    if (body.frequency !== undefined)
      refuse(['fundraiser_id'], 'A gift through a fundraising page is given once.');
    if (body.type === volunteering || body.type === skilledVolunteering) {
      need('hours', PLEDGE_HOURS_MESSAGE);
      refuse(['gift_type', 'description', 'quantity', 'estimated_value'], 'Not part of volunteering.');
    }
    if (body.type === volunteering) refuse(['skill_type'], 'Only skilled volunteering names a skill.');
    if (body.type === skilledVolunteering) need('skill_type', 'Choose a skill.');
    if (body.type === gifts) {
      need('gift_type', 'Choose a kind of gift.');
      need('quantity', 'Say how many.');
      if (!body.description)
        ctx.addIssue({ code: 'custom', path: ['description'], message: 'Say what you will give.' });
      refuse(['hours', 'date', 'skill_type'], 'Not part of a gift.');
    }
    if (body.source !== 'card') refuse(['card', 'payment_method_id'], 'Only a gift by card takes a card.');
    if (body.card !== undefined && body.payment_method_id !== undefined)
      refuse(['card'], 'Choose a saved card or enter one, not both.');
    if (body.source === 'card' && body.frequency !== undefined && body.payment_method_id === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['payment_method_id'],
        message: 'A recurring gift by card needs a saved card: add one first.',
      });
    if (body.frequency === undefined) refuse(['start_date', 'end_date'], 'Only a recurring gift has dates.');
    if (body.start_date && body.end_date && body.end_date < body.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end must come after the start.' });
    }
  });
export type DonateBody = z.infer<typeof donateBodySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const donationHistorySchema = z.object({
  status: z.number().int(),
  status_label: z.string(),
  at: z.string(),
  /** Who made the change (null for the scheduler). */
  by: named.nullable(),
  reason: z.string().nullable(),
});

export const donationSchema = z.object({
  id: z.number().int(),
  /** 1 to a project, 2 directly to a charity. */
  method: z.number().int(),
  type: z.number().int(),
  status: z.number().int(),
  status_label: z.string(),
  amount: z.number().int().nullable(),
  source: z.enum(DONATION_SOURCES).nullable(),
  /** A gift by card: its payment (POST /payment/{id}/confirm), null otherwise. */
  payment_id: z.number().int().nullable(),
  hours: z.number().int().nullable(),
  /** Hours the charity confirmed were given (at 85). */
  confirmed_hours: z.number().int().nullable(),
  date: z.string().nullable(),
  skill_type: z.number().int().nullable(),
  gift_type: z.number().int().nullable(),
  description: z.string().nullable(),
  quantity: z.number().int().nullable(),
  estimated_value: z.number().int().nullable(),
  gift_aid: z.boolean(),
  gift_aid_amount: z.number().int(),
  anonymous: z.boolean(),
  message: z.string().nullable(),
  ...giftTargetFields(),
  donor: z.object({ kind: z.enum(['user', 'business', 'guest']), id: z.number().int(), name: z.string() }),
  subscription_id: z.number().int().nullable(),
  /** The receipt's number, once an approved funds donation has one. */
  receipt_number: z.string().nullable(),
  created_at: z.string(),
  history: z.array(donationHistorySchema),
  /** Minor units given back so far (docs/product/refunds-and-disputes.md). */
  refunded_amount: z.number().int(),
  /** The card payment's dispute, if the giver's bank opened one. */
  dispute: disputeSchema.nullable(),
  /** Its refunds, oldest first, each with its credit note. */
  refunds: z.array(refundSchema),
  /** The giver's latest request for a refund, if any. */
  refund_request: refundRequestSchema.nullable(),
  /** The fundraising page the gift was made through, if any. */
  fundraiser: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type Donation = z.infer<typeof donationSchema>;

export const subscriptionSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  frequency: z.number().int(),
  amount: z.number().int(),
  source: z.enum(DONATION_SOURCES),
  gift_aid: z.boolean(),
  anonymous: z.boolean(),
  message: z.string().nullable(),
  ...giftTargetFields(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  /** The next occurrence's date (null when paused, cancelled or past its end). */
  next_date: z.string().nullable(),
  /** Failed periods in a row; three make it failing. */
  failed_periods: z.number().int(),
  /** Paid by card: the saved card it charges. */
  payment_method_id: z.number().int().nullable(),
  /** A period whose gift could not be made yet and is tried again (`next_try_at`), or null. */
  missed: z.object({ period: z.string(), next_try_at: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const donateResponseSchema = z.object({
  /** Null only for a recurring gift whose first date is still to come. */
  donation: donationSchema.nullable(),
  /** The donor's wallet after the gift. */
  wallet: z.object(walletBalanceFields()),
  subscription: subscriptionSchema.nullable(),
});
export type DonateResponse = z.infer<typeof donateResponseSchema>;

/** Filters of the donation lists (GET /user/donations, the charity's and the project's lists). */
export const donationFiltersSchema = z.object({
  type: z.coerce.number().int().min(1).max(5).optional(),
  status: z.coerce.number().int().min(20).max(90).optional(),
  project_id: z.coerce.number().int().positive().optional(),
  charity_id: z.coerce.number().int().positive().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type DonationFilters = z.infer<typeof donationFiltersSchema>;

/** POST /charity/{id}/approve_donations (and the organisation's sign-off variant). */
export const approveDonationsBodySchema = z
  .object({
    donation_ids: z
      .array(z.number().int().positive())
      .min(1, { message: 'Choose at least one donation.' })
      .max(100, { message: 'At most 100 at a time.' }),
    action: z.enum(['approve', 'reject', 'complete'], { message: 'Choose approve, reject or complete.' }),
    reason: text(1000).optional(),
    /** On complete: the hours given, by donation id, when fewer than pledged. */
    confirmed_hours: z
      .record(z.string().regex(/^\d+$/), z.number().int().min(0).max(MAX_PLEDGE_HOURS))
      .optional(),
  })
  .strict();
export type ApproveDonationsBody = z.infer<typeof approveDonationsBodySchema>;
export const donationsResultSchema = z.object({ donations: z.array(donationSchema) });

/** POST /admin/complete */
export const adminCompleteBodySchema = z
  .object({ donation_ids: z.array(z.number().int().positive()).min(1).max(100) })
  .strict();
/** POST /admin/donation/reject */
export const adminRejectBodySchema = z
  .object({
    donation_id: z.number().int().positive(),
    reason: text(1000).min(3, { message: 'Say why, in a few words.' }),
  })
  .strict();

/** A supporter on a project's wall (public: a name unless anonymous, never an email). */
export const supporterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  anonymous: z.boolean(),
  type: z.number().int(),
  /** Funds only, and only when the donor did not give anonymously. */
  amount: z.number().int().nullable(),
  hours: z.number().int().nullable(),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type Supporter = z.infer<typeof supporterSchema>;

/** People who gave time, skills or gifts to a project but no funds. */
export const supporterWithoutFundsSchema = z.object({
  donor: z.object({ kind: z.enum(['user', 'business', 'guest']), id: z.number().int(), name: z.string() }),
  types: z.array(z.number().int()),
  hours: z.number().int(),
  gifts: z.number().int(),
  last_at: z.string(),
});

/** PATCH /user/donation_subscription/{id}: change the amount without cancelling. */
export const subscriptionUpdateBodySchema = z.object({ amount: amountSchema }).strict();

/** GET /user/future_donations: the coming occurrences of active subscriptions. */
export const futureDonationSchema = z.object({
  subscription_id: z.number().int(),
  date: z.string(),
  amount: z.number().int(),
  ...giftTargetFields(),
});
export const futureDonationsSchema = itemsSchema(futureDonationSchema);

const monthSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  funds: z.number().int(),
  gift_aid: z.number().int(),
  hours: z.number().int(),
  gifts: z.number().int(),
});

/** GET /user/total_statistics */
export const donorStatisticsSchema = z.object({
  funds_given: z.number().int(),
  gift_aid_added: z.number().int(),
  ...hoursGivenFields(),
  gifts_count: z.number().int(),
  gifts_value: z.number().int(),
  projects_supported: z.number().int(),
  charities_supported: z.number().int(),
  by_month: z.array(monthSchema),
});
export type DonorStatistics = z.infer<typeof donorStatisticsSchema>;

/** GET /charity/total_statistics/{id} */
export const charityStatisticsSchema = z.object({
  funds_received: z.number().int(),
  gift_aid: z.number().int(),
  ...hoursGivenFields(),
  gifts_count: z.number().int(),
  donors: z.number().int(),
  awaiting_approval: z.number().int(),
  by_month: z.array(monthSchema),
});
export type CharityStatistics = z.infer<typeof charityStatisticsSchema>;

export const giftAidDeclarationBodySchema = z
  .object({
    /** The charity that will claim (HMRC requires the declaration to name it). */
    charity_id: z
      .number({ message: 'Name the charity the declaration is for.' })
      .int({ message: 'Name the charity the declaration is for.' })
      .positive({ message: 'Name the charity the declaration is for.' })
      .max(MAX_INT_ID, { message: 'Name the charity the declaration is for.' }),
    title: text(20).optional(),
    first_name: text(100).min(1, { message: 'Enter your first name.' }),
    last_name: text(100).min(1, { message: 'Enter your last name.' }),
    house: text(100).min(1, { message: 'Enter your house name or number.' }),
    address: text(300).min(1, { message: 'Enter your address.' }),
    post_code: text(10).regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/, {
      message: 'Enter a valid UK post code.',
    }),
    /** The donor ticked the declaration. */
    confirm: z.literal(true, { message: 'Tick the declaration to make it.' }),
  })
  .strict();
export type GiftAidDeclarationBody = z.infer<typeof giftAidDeclarationBodySchema>;

export const giftAidDeclarationSchema = z.object({
  id: z.number().int(),
  /** The charity it names; null on a declaration made before declarations named one (a record only). */
  charity: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  house: z.string(),
  address: z.string(),
  post_code: z.string(),
  text: z.string(),
  declared_at: z.string(),
  cancelled_at: z.string().nullable(),
});
export type GiftAidDeclaration = z.infer<typeof giftAidDeclarationSchema>;
export const giftAidDeclarationResponseSchema = z.object({
  declaration: giftAidDeclarationSchema,
});

/** GET /user/gift_aid_declaration?charity_id= : what the give flow needs to know about one charity. */
export const giftAidDeclarationQuerySchema = z.object({
  charity_id: z.coerce
    .number({ message: 'Name the charity.' })
    .int({ message: 'Name the charity.' })
    .positive({ message: 'Name the charity.' })
    .max(MAX_INT_ID, { message: 'Name the charity.' }),
});
export const giftAidDeclarationForCharitySchema = z.object({
  /** The donor's current declaration naming this charity: their gifts to it can carry Gift Aid. */
  declaration: giftAidDeclarationSchema.nullable(),
  /** Their latest declaration of any charity (or none): its details fill in a new one. */
  previous: giftAidDeclarationSchema.nullable(),
});
export type GiftAidDeclarationForCharity = z.infer<typeof giftAidDeclarationForCharitySchema>;

/** A charity's Gift Aid claim batch. */
export const giftAidClaimSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  donations: z.number().int(),
  total: z.number().int(),
  /** What HMRC is asked for: the gifts' Gift Aid less `adjustment`. */
  gift_aid: z.number().int(),
  /** Gift Aid claimed before on money since refunded, deducted from this claim. */
  adjustment: z.number().int(),
});
export type GiftAidClaim = z.infer<typeof giftAidClaimSchema>;
