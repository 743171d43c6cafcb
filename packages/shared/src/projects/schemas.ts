import { z } from 'zod';
import { charityTypeIdsSchema } from '../charities/schemas.js';
import { coordinateFields, personFields, pledgeProgressFields } from '../common/fields.js';
import { placeIdSchema } from '../common/pagination.js';
import { optionalText, text } from '../common/text.js';
import { GIFT_TYPES, SKILL_TYPES } from '../reference/index.js';
import { wholeNumberMessage } from '../validation/validators.js';
import { amountSchema } from '../wallet/schemas.js';

const isoDate = z.iso.date({ message: 'Use the date format YYYY-MM-DD.' });

/** A whole number from `min` to `max`, every refusal in one sentence (decision 036). */
const wholeNumber = (min: number, max: number, unit?: string) => {
  const message = wholeNumberMessage(min, max, unit);
  return z.number({ message }).int({ message }).min(min, { message }).max(max, { message });
};

/** The most hours a skilled need, and all volunteering of a project, may ask for. */
export const MAX_SKILL_NEED_HOURS = 100_000;
export const MAX_VOLUNTEERING_HOURS = 1_000_000;
export const MAX_GIFT_NEED_QUANTITY = 1_000_000;
/** The most people an impact statement may say were helped. */
export const MAX_BENEFICIARIES = 1_000_000_000;

export const skillNeedSchema = z.object({
  type: z.number().int().min(1).max(SKILL_TYPES.length),
  hours: wholeNumber(1, MAX_SKILL_NEED_HOURS, 'hours'),
});
export const giftNeedSchema = z.object({
  type: z.number().int().min(1).max(GIFT_TYPES.length),
  description: text(300).min(1, { message: 'Say what is needed.' }),
  quantity: wholeNumber(1, MAX_GIFT_NEED_QUANTITY),
});

/** The most characters of a project's title, summary and description. */
export const PROJECT_TEXT_LIMITS = { title: 150, summary: 300, description: 20_000 } as const;

const projectFields = {
  title: text(PROJECT_TEXT_LIMITS.title).min(3, { message: 'Use at least 3 characters.' }),
  summary: optionalText(PROJECT_TEXT_LIMITS.summary),
  description: optionalText(PROJECT_TEXT_LIMITS.description),
  charity_types: charityTypeIdsSchema,
  start_date: isoDate.nullable(),
  end_date: isoDate.nullable(),
  city_id: placeIdSchema.nullable(),
  city: optionalText(100),
  post_code: text(10)
    .regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/, { message: 'Enter a valid UK post code.' })
    .nullable()
    .or(z.literal('').transform(() => null)),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  /** Needs. */
  funds_target: amountSchema.nullable(),
  volunteering_hours: wholeNumber(1, MAX_VOLUNTEERING_HOURS, 'hours').nullable(),
  volunteering_start: isoDate.nullable(),
  volunteering_end: isoDate.nullable(),
  skill_needs: z.array(skillNeedSchema).max(16),
  gift_needs: z.array(giftNeedSchema).max(50),
};

/** POST /project/create: a Draft of a charity (charity_id), an organisation (business_id) or the person. */
export const projectCreateBodySchema = z
  .object(projectFields)
  .partial()
  .extend({
    title: projectFields.title,
    charity_id: z.number().int().positive().optional(),
    business_id: z.number().int().positive().optional(),
  })
  .refine((body) => !(body.charity_id && body.business_id), {
    message: 'A project belongs to a charity or an organisation, not both.',
    path: ['business_id'],
  });
export type ProjectCreateBody = z.infer<typeof projectCreateBodySchema>;

/** PATCH /project/{id} */
export const projectUpdateBodySchema = z.object(projectFields).partial().strict();
export type ProjectUpdateBody = z.infer<typeof projectUpdateBodySchema>;

/**
 * PATCH /project/update/{id}: move the project to another status
 * (docs/product/projects-and-charities.md#transitions).
 */
export const projectStatusBodySchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(9)]),
});
/** PATCH /project/extend/{id} */
export const projectExtendBodySchema = z.object({ end_date: isoDate });
/** POST /project/clone */
export const projectCloneBodySchema = z.object({ project_id: z.number().int().positive() });
/** POST /project/{id}/cancel */
export const projectCancelBodySchema = z.object({ reason: text(1000).optional() }).optional();
/** POST /project/updates */
export const projectUpdatePostBodySchema = z.object({
  project_id: z.number().int().positive(),
  title: text(150).min(3, { message: 'Use at least 3 characters.' }),
  body: text(10_000).min(1),
});
/** POST /project/{id}/impact */
export const projectImpactBodySchema = z.object({
  title: text(150).min(3, { message: 'Use at least 3 characters.' }),
  body: text(10_000).min(1),
  beneficiaries: wholeNumber(0, MAX_BENEFICIARIES, 'people').nullable().optional(),
});
/** POST /charity/associated_approve and /charity/associated_reject */
export const associationDecisionBodySchema = z.object({
  project_id: z.number().int().positive(),
  charity_id: z.number().int().positive(),
  reason: text(1000).optional(),
});
/** POST /admin/return */
export const projectReturnBodySchema = z.object({
  project_id: z.number().int().positive(),
  reason: text(1000).min(3, { message: 'Say why (at least 3 characters).' }),
});

export const projectCharitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
});

export const projectSchema = z.object({
  id: z.number().int(),
  charity_id: z.number().int().nullable(),
  charity: projectCharitySchema.nullable(),
  owner_type: z.number().int(),
  owner_id: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  status: z.number().int(),
  association_status: z.number().int(),
  charity_types: z.array(z.number().int()),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  city: z.string().nullable(),
  /** The region and town of `city` when it is a town of the list; given to its managers only. */
  state_id: z.number().int().nullable(),
  city_id: z.number().int().nullable(),
  post_code: z.string().nullable(),
  ...coordinateFields(),
  logo: z.string().nullable(),
  /** The first picture of the gallery: the project's cover on cards and its page (decision 018). */
  cover: z.string().nullable(),
  funds_target: z.number().int().nullable(),
  volunteering_hours: z.number().int().nullable(),
  volunteering_start: z.string().nullable(),
  volunteering_end: z.string().nullable(),
  skill_needs: z.array(skillNeedSchema),
  gift_needs: z.array(
    z.object({ type: z.number().int(), description: z.string(), quantity: z.number().int() }),
  ),
  giving_kinds: z.array(z.number().int()),
  funds_raised: z.number().int(),
  donors_count: z.number().int(),
  volunteering_pledged: z.number().int(),
  skilled_pledged: z.number().int(),
  gifts_pledged: z.number().int(),
  /** Volunteering and skilled hours the charity confirmed were given. */
  hours_confirmed: z.number().int(),
  finished_reason: z.string().nullable(),
  created_at: z.string(),
  published_at: z.string().nullable(),
  /** Whether the signed-in person may manage it. */
  can_manage: z.boolean(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectSummarySchema = z.object({
  project_id: z.number().int(),
  status: z.number().int(),
  funds_target: z.number().int().nullable(),
  funds_raised: z.number().int(),
  funds_held: z.number().int(),
  donors_count: z.number().int(),
  ...pledgeProgressFields(),
  updates_count: z.number().int(),
  impacts_count: z.number().int(),
  days_left: z.number().int().nullable(),
  currency: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** Something a project holds (a post, a picture, a document): its id and the project's. */
const projectItemFields = () => ({ id: z.number().int(), project_id: z.number().int() });

export const projectPostSchema = z.object({
  ...projectItemFields(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export const projectImpactSchema = projectPostSchema.extend({
  beneficiaries: z.number().int().nullable(),
  images: z.array(z.string()),
});
export const projectImageSchema = z.object({
  ...projectItemFields(),
  url: z.string(),
  caption: z.string().nullable(),
  created_at: z.string(),
});
export const projectDocumentSchema = z.object({
  ...projectItemFields(),
  name: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type ProjectPost = z.infer<typeof projectPostSchema>;
export type ProjectImpact = z.infer<typeof projectImpactSchema>;
export type ProjectImage = z.infer<typeof projectImageSchema>;
export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

export const projectAdminSchema = z.object({
  ...personFields(),
  email: z.string(),
  admin_type: z.number().int(),
});
