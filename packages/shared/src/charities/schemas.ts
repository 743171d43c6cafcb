import { z } from 'zod';
import { CHARITY_NUMBER_PATTERN } from '../accounts/constants.js';
import { emailSchema } from '../accounts/schemas.js';
import {
  accountIdentityFields,
  accountReviewFields,
  coordinateFields,
  personFields,
} from '../common/fields.js';
import { placeIdSchema } from '../common/pagination.js';
import { optionalText, text } from '../common/text.js';
import { CHARITY_TYPES } from '../reference/index.js';

export const CHARITY_MEMBER_PERMISSIONS = [
  'manage_projects',
  'approve_donations',
  'manage_members',
  'view_finance',
] as const;
export type CharityMemberPermission = (typeof CHARITY_MEMBER_PERMISSIONS)[number];

export const charityTypeIdsSchema = z
  .array(z.number().int().min(1).max(CHARITY_TYPES.length))
  .max(CHARITY_TYPES.length)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

const location = {
  address: optionalText(300),
  /** A town from GET /city/by_state: sets the city name and coordinates. */
  city_id: placeIdSchema.nullable().optional(),
  city: optionalText(100),
  post_code: text(10)
    .regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/, { message: 'Enter a valid UK post code.' })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
};

/** Fields of a charity's profile that its admins edit. */
export const charityProfileSchema = z.object({
  name: text(200).min(2),
  registration_number: text(20)
    .regex(CHARITY_NUMBER_PATTERN, {
      message: 'Enter a registered charity number, like 1234567 or SC012345.',
    })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  charity_types: charityTypeIdsSchema.optional(),
  description: optionalText(5000),
  website: z
    .url({ message: 'Enter a web address starting with https://.' })
    // The format's message would cover the limit too: the limit has its own.
    .max(300, { message: 'Use at most 300 characters.' })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  email: emailSchema
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  phone: text(30)
    .regex(/^\+?[0-9 ()-]{6,30}$/, { message: 'Enter a valid phone number.' })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  ...location,
});
export type CharityProfile = z.infer<typeof charityProfileSchema>;

/** POST /user/add/charity (a signed-in person applies) and POST /charity (a platform admin creates). */
export const charityCreateBodySchema = charityProfileSchema.extend({
  charity_types: charityTypeIdsSchema.refine((ids) => ids.length > 0, {
    message: 'Choose at least one type.',
  }),
});
export const adminCharityCreateBodySchema = charityCreateBodySchema.extend({
  /** The person who becomes its first admin. */
  admin_email: emailSchema,
});
export type CharityCreateBody = z.infer<typeof charityCreateBodySchema>;

/** PATCH /charity/{id} */
export const charityUpdateBodySchema = charityProfileSchema.partial().strict();
export type CharityUpdateBody = z.infer<typeof charityUpdateBodySchema>;

export const charitySchema = z.object({
  ...accountIdentityFields(),
  charity_types: z.array(z.number().int()),
  description: z.string().nullable(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  /** The region and town of `city` when it is a town of the list; given to those who may change it. */
  state_id: z.number().int().nullable().optional(),
  city_id: z.number().int().nullable().optional(),
  post_code: z.string().nullable(),
  ...coordinateFields(),
  logo: z.string().nullable(),
  ...accountReviewFields(),
  live_projects: z.number().int(),
  created_at: z.string(),
});
export type Charity = z.infer<typeof charitySchema>;

/** POST /admin/charity/pending/update */
export const charityDecisionBodySchema = z
  .object({
    charity_id: z.number().int().positive(),
    status: z.enum(['approved', 'rejected']),
    reason: text(1000).optional(),
  })
  .refine((body) => body.status === 'approved' || (body.reason?.length ?? 0) >= 3, {
    message: 'Say why the charity is rejected.',
    path: ['reason'],
  });
export type CharityDecisionBody = z.infer<typeof charityDecisionBodySchema>;

export const charityMemberSchema = z.object({
  ...personFields(),
  email: z.string(),
  avatar: z.string().nullable(),
  admin_type: z.number().int(),
  permissions: z.array(z.string()),
  joined_at: z.string(),
});
export type CharityMember = z.infer<typeof charityMemberSchema>;

/** PATCH /membership/charity/{charity_id}/{user_id} */
export const charityMemberUpdateBodySchema = z.object({
  admin_type: z.union([z.literal(1), z.literal(2), z.literal(99)]).optional(),
  permissions: z.array(z.enum(CHARITY_MEMBER_PERMISSIONS)).optional(),
});

export const charityFundsSchema = z.object({
  charity_id: z.number().int(),
  charity_funds: z.number().int(),
  project_funds: z.number().int(),
  /** Delivered money the charity can be paid out (docs/product/refunds-and-disputes.md#the-charitys-money). */
  available: z.number().int(),
  /** Set aside from its funds and its projects': disputes, and refunds on their way to a card. */
  held: z.number().int(),
  /** Given back to givers, in all. */
  refunded: z.number().int(),
  /** Paid out to the charity's bank, in all. */
  paid_out: z.number().int(),
  /** Payouts asked for and not yet paid: on their way to the bank. */
  payouts_waiting: z.number().int(),
  currency: z.string(),
});
