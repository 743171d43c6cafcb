import { z } from 'zod';
import { giftTargetFields, givingTotalsFields, hoursGivenFields, itemsSchema } from '../common/fields.js';
import { pageQuerySchema, pageSchema } from '../common/pagination.js';
import { donationSchema } from '../donations/schemas.js';
import { MAX_AMOUNT } from '../wallet/constants.js';

/** The largest matching ratio: the organisation gives at most ten times what the employee gave. */
export const MATCHING_RATIO_MAX = 1000;

const minor = (label: string) =>
  z
    .number({ message: `Enter ${label}.` })
    .int({ message: 'Enter an amount in whole minor units.' })
    .positive({ message: 'More than 0.' })
    .max(1_000_000_000_00, { message: 'Too large.' });

/**
 * PUT /business/{id}/matching (decision 024): the organisation matches its employees' own gifts of
 * funds at `ratio_percent` (100 = the same again), at most `cap_per_employee` per employee and
 * `annual_budget` in all per calendar year (minor units).
 */
export const matchingSettingsBodySchema = z
  .object({
    active: z.boolean({ message: 'Say whether matching is on.' }),
    ratio_percent: z
      .number({ message: 'Enter a percentage.' })
      .int({ message: 'Enter a whole percentage.' })
      .min(1, { message: 'At least 1%.' })
      .max(MATCHING_RATIO_MAX, { message: `At most ${MATCHING_RATIO_MAX}%.` }),
    cap_per_employee: minor('a cap per employee'),
    annual_budget: minor('an annual budget'),
  })
  .strict()
  .refine((body) => body.cap_per_employee <= body.annual_budget, {
    message: 'No more than the annual budget.',
    path: ['cap_per_employee'],
  });
export type MatchingSettingsBody = z.infer<typeof matchingSettingsBodySchema>;

/** How an organisation matches its employees' gifts: on or off, the ratio and the cap per employee a year. */
const matchingRuleFields = () => ({
  active: z.boolean(),
  ratio_percent: z.number().int(),
  cap_per_employee: z.number().int(),
});

/** GET /business/{id}/matching: the settings with this year's budget and its forecast. */
export const matchingSettingsSchema = z.object({
  configured: z.boolean(),
  ...matchingRuleFields(),
  annual_budget: z.number().int(),
  year: z.number().int(),
  /** Matches made this year and not rejected (waiting for sign-off or given). */
  budget_used: z.number().int(),
  budget_left: z.number().int(),
  matched_count: z.number().int(),
  /** The day the budget is expected to run out at this year's rate of spending; null if it lasts the year. */
  runs_out_on: z.string().nullable(),
  /** Spent per day so far this year (minor units), the rate of the forecast. */
  daily_rate: z.number().int(),
});
export type MatchingSettings = z.infer<typeof matchingSettingsSchema>;

/** The employee's gift a match answers. */
export const matchOfSchema = z.object({
  id: z.number().int(),
  amount: z.number().int().nullable(),
  employee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

/** A match: the organisation's own donation, linked to the employee's. */
export const matchedDonationSchema = donationSchema.extend({ match_of: matchOfSchema });
export type MatchedDonation = z.infer<typeof matchedDonationSchema>;

/** GET /business/{id}/matching/mine: what the organisation matches for the calling employee. */
export const myMatchingSchema = z.object({
  business: z.object({ id: z.number().int(), name: z.string() }),
  ...matchingRuleFields(),
  year: z.number().int(),
  /** Matched for the caller this year, and what is left of their cap. */
  matched_this_year: z.number().int(),
  cap_left: z.number().int(),
});
export type MyMatching = z.infer<typeof myMatchingSchema>;

/** GET /user/matching_preview?amount=: what the caller's organisations would add to a gift of this amount. */
export const matchingPreviewQuerySchema = z.object({
  amount: z.coerce
    .number({ message: 'Enter an amount in minor units.' })
    .int({ message: 'Enter an amount in whole minor units.' })
    .positive({ message: 'More than 0.' })
    .max(MAX_AMOUNT, { message: 'The amount is too large.' }),
});
export type MatchingPreviewQuery = z.infer<typeof matchingPreviewQuerySchema>;

/**
 * One organisation's match of a one-off gift from the caller's own wallet, within its ratio, what is
 * left of the caller's yearly cap and of its annual budget (organisations that would add nothing are
 * left out).
 */
export const matchingPreviewSchema = z.object({
  items: z.array(
    z.object({ business: z.object({ id: z.number().int(), name: z.string() }), amount: z.number().int() }),
  ),
});
export type MatchingPreview = z.infer<typeof matchingPreviewSchema>;

// Reports (GET /business/...)

const reportQueryShape = z.object({
  /** Count the sub-businesses the caller may see (the default), or this organisation alone. */
  include_sub_businesses: z
    .enum(['true', 'false'], { message: 'Say true or false.' })
    .default('true')
    .transform((value) => value === 'true'),
  /** The first and last days (UTC) the report counts, both included; either may be left open. */
  from: z.iso.date({ message: 'Enter a date as YYYY-MM-DD.' }).optional(),
  to: z.iso.date({ message: 'Enter a date as YYYY-MM-DD.' }).optional(),
});
const rangeInOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;
const RANGE_ERROR = { message: 'The end date is before the start date.', path: ['to'] };

export const reportQuerySchema = reportQueryShape.refine(rangeInOrder, RANGE_ERROR);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Which organisations a report counted: the one asked about and the sub-businesses shown to the caller. */
export const reportScopeSchema = z.object({
  business_id: z.number().int(),
  includes_sub_businesses: z.boolean(),
  businesses: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const totalStatisticsSchema = reportScopeSchema.extend({
  funds_given: z.number().int(),
  matched_funds: z.number().int(),
  awaiting_signoff: z.number().int(),
  rejected_count: z.number().int(),
  gifts_count: z.number().int(),
  gifts_value: z.number().int(),
  /** Employees' own volunteering and skilled volunteering count for the organisation. */
  ...hoursGivenFields(),
  employees_giving: z.number().int(),
  charities_supported: z.number().int(),
  projects_supported: z.number().int(),
  by_month: z.array(
    z.object({
      month: z.string(),
      ...givingTotalsFields(),
    }),
  ),
  by_type: z.array(
    z.object({
      type: z.number().int(),
      count: z.number().int(),
      amount: z.number().int(),
      hours: z.number().int(),
    }),
  ),
});
export type TotalStatistics = z.infer<typeof totalStatisticsSchema>;

export const businessReportDonationSchema = donationSchema.extend({
  /** Set when the donation matches an employee's gift. */
  match_of_id: z.number().int().nullable(),
});
export type BusinessReportDonation = z.infer<typeof businessReportDonationSchema>;

export const reportPageQuerySchema = reportQueryShape
  .extend(pageQuerySchema.shape)
  .refine(rangeInOrder, RANGE_ERROR);
export type ReportPageQuery = z.infer<typeof reportPageQuerySchema>;

export const reportDonationsPageSchema = reportScopeSchema.extend(
  pageSchema(businessReportDonationSchema).shape,
);

/** A group of counted donations (by charity or project): every group, most funds first. */
export const reportGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  charity: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  ...givingTotalsFields(),
  count: z.number().int(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;
export const reportGroupsSchema = reportScopeSchema.extend(itemsSchema(reportGroupSchema).shape);

export const businessSubscriptionSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  amount: z.number().int(),
  frequency: z.number().int(),
  status: z.string(),
  start_date: z.string(),
  next_date: z.string().nullable(),
  ...giftTargetFields(),
  created_at: z.string(),
});
export type BusinessSubscription = z.infer<typeof businessSubscriptionSchema>;

export const businessFutureDonationSchema = z.object({
  subscription_id: z.number().int(),
  business_id: z.number().int(),
  date: z.string(),
  amount: z.number().int(),
  ...giftTargetFields(),
});
export const businessFutureDonationsSchema = reportScopeSchema.extend({
  items: z.array(businessFutureDonationSchema),
});

// Hierarchy (GET /organisation/{id} and friends)

export interface OrganisationNode {
  id: number;
  name: string;
  approval_status: string;
  lock_status: boolean;
  members: number;
  children: OrganisationNode[];
}
export const organisationNodeSchema: z.ZodType<OrganisationNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    approval_status: z.string(),
    lock_status: z.boolean(),
    members: z.number().int(),
    children: z.array(organisationNodeSchema),
  }),
);
export const organisationTreeSchema = z.object({
  /** Whether the caller may add or remove sub-businesses and move employees here. */
  can_manage: z.boolean(),
  tree: organisationNodeSchema,
});
export type OrganisationTree = z.infer<typeof organisationTreeSchema>;

export const subBusinessCreateBodySchema = z
  .object({
    parent_id: z.number({ message: 'Choose the parent organisation.' }).int().positive(),
    name: z.string().trim().min(2).max(200, { message: 'Use at most 200 characters.' }),
    description: z
      .string()
      .trim()
      .max(5000)
      .nullable()
      .optional()
      .transform((value) => (value === '' ? null : (value ?? null))),
  })
  .strict();
export type SubBusinessCreateBody = z.infer<typeof subBusinessCreateBodySchema>;

export const transferEmployeesBodySchema = z
  .object({
    from_business_id: z.number().int().positive(),
    to_business_id: z.number().int().positive(),
    user_ids: z
      .array(z.number().int().positive())
      .min(1, { message: 'Choose at least one employee.' })
      .max(500, { message: 'At most 500 at a time.' }),
  })
  .strict()
  .refine((body) => body.from_business_id !== body.to_business_id, {
    message: 'Choose another organisation.',
    path: ['to_business_id'],
  });
export type TransferEmployeesBody = z.infer<typeof transferEmployeesBodySchema>;
export const transferEmployeesResponseSchema = z.object({
  moved: z.array(z.number().int()),
  message: z.string(),
});
