import { z } from 'zod';
import { emailSchema } from '../accounts/schemas.js';
import { accountIdentityFields, accountReviewFields, itemsSchema, personFields } from '../common/fields.js';
import { optionalText, text } from '../common/text.js';
import { donationSchema } from '../donations/schemas.js';

/** The most sign-off approvals a policy may ask for. */
export const MAX_SIGNOFF_APPROVALS = 10;

/** Fields of an organisation's profile that its admins edit. */
export const businessProfileSchema = z.object({
  name: text(200).min(2),
  registration_number: text(20)
    .regex(/^[A-Za-z0-9]{2,20}$/, { message: 'Enter a company number: letters and digits, like 01234567.' })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  description: optionalText(5000),
});

/** POST /user/add/business: a signed-in person adds their organisation (pending until approved). */
export const businessCreateBodySchema = businessProfileSchema.strict();
export type BusinessCreateBody = z.infer<typeof businessCreateBodySchema>;

/** POST /business: a platform admin adds an approved organisation with a named Super Admin. */
export const adminBusinessCreateBodySchema = businessProfileSchema
  .extend({ admin_email: emailSchema })
  .strict();
export type AdminBusinessCreateBody = z.infer<typeof adminBusinessCreateBodySchema>;

/** PATCH /business/{id} */
export const businessUpdateBodySchema = businessProfileSchema.partial().strict();
export type BusinessUpdateBody = z.infer<typeof businessUpdateBodySchema>;

/**
 * An organisation's sign-off policy (docs/product/organisations.md#sign-off): every donation on its
 * behalf needs `approvals_required` distinct sign-off approvals; one of `threshold_amount` (minor
 * units) or more needs `approvals_above_threshold`.
 */
export const signoffPolicySchema = z.object({
  approvals_required: z.number().int().min(1).max(MAX_SIGNOFF_APPROVALS),
  threshold_amount: z.number().int().positive().nullable(),
  approvals_above_threshold: z.number().int().min(1).max(MAX_SIGNOFF_APPROVALS).nullable(),
});
export type SignoffPolicy = z.infer<typeof signoffPolicySchema>;

/** PUT /business/{id}/signoff-policy */
export const signoffPolicyBodySchema = z
  .object({
    approvals_required: z
      .number({ message: 'Enter a whole number.' })
      .int({ message: 'Enter a whole number.' })
      .min(1, { message: 'At least 1.' })
      .max(MAX_SIGNOFF_APPROVALS, { message: `At most ${MAX_SIGNOFF_APPROVALS}.` }),
    threshold_amount: z
      .number({ message: 'Enter an amount.' })
      .int({ message: 'Enter an amount in whole minor units.' })
      .positive({ message: 'More than 0.' })
      .max(1_000_000_000_00, { message: 'Too large.' })
      .nullable()
      .default(null),
    approvals_above_threshold: z
      .number({ message: 'Enter a whole number.' })
      .int({ message: 'Enter a whole number.' })
      .min(1, { message: 'At least 1.' })
      .max(MAX_SIGNOFF_APPROVALS, { message: `At most ${MAX_SIGNOFF_APPROVALS}.` })
      .nullable()
      .default(null),
  })
  .strict()
  .refine((body) => (body.threshold_amount === null) === (body.approvals_above_threshold === null), {
    message: 'Give both a threshold and the approvals above it, or neither.',
    path: ['approvals_above_threshold'],
  })
  .refine(
    (body) =>
      body.approvals_above_threshold === null || body.approvals_above_threshold >= body.approvals_required,
    { message: 'At least as many as every donation needs.', path: ['approvals_above_threshold'] },
  );
export type SignoffPolicyBody = z.infer<typeof signoffPolicyBodySchema>;

/** The approvals a donation of this amount needs under the policy. */
export function approvalsNeeded(policy: SignoffPolicy, amount: number): number {
  if (policy.threshold_amount !== null && policy.approvals_above_threshold !== null)
    if (amount >= policy.threshold_amount) return policy.approvals_above_threshold;
  return policy.approvals_required;
}

/**
 * Who can give an organisation's approvals (decision 033): its sign-off admins, and how many of its
 * other members could ask for a donation without being one.
 */
export interface SignoffPeople {
  signoffAdmins: number;
  otherMembers: number;
}

/** The most approvals any one donation asks for under the policy (a large one's, when larger). */
export const strictestApprovals = (policy: SignoffPolicy): number =>
  Math.max(policy.approvals_required, policy.approvals_above_threshold ?? 0);

/**
 * The most approvals a donation can collect (decision 033). The person who asked never counts: a
 * member who is not a sign-off admin can have every sign-off admin's approval, a sign-off admin
 * one fewer. The policy may ask for as many as the best-placed asker can collect.
 */
export const mostSignoffApprovals = (people: SignoffPeople): number =>
  people.otherMembers > 0 ? people.signoffAdmins : people.signoffAdmins - 1;

/**
 * Why the organisation's sign-off admins could never satisfy the policy, or null when they can: the
 * field that asks too much and what to say beside it.
 */
export function signoffPolicyProblem(
  policy: SignoffPolicy,
  people: SignoffPeople,
): { field: 'approvals_required' | 'approvals_above_threshold'; message: string } | null {
  const most = mostSignoffApprovals(people);
  const wanted = strictestApprovals(policy);
  if (wanted <= most) return null;
  const field =
    policy.approvals_above_threshold !== null && policy.approvals_above_threshold > policy.approvals_required
      ? 'approvals_above_threshold'
      : 'approvals_required';
  const admins = `${people.signoffAdmins} sign-off admin${people.signoffAdmins === 1 ? '' : 's'}`;
  const message =
    most < 1
      ? `With ${admins}, no donation can collect an approval (the person who asks never counts). Make more members sign-off admins first.`
      : `At most ${most} with ${admins}: the person who asks never counts. Make more members sign-off admins first, or ask for fewer.`;
  return { field, message };
}

export const businessSchema = z.object({
  ...accountIdentityFields(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  is_franchise: z.boolean(),
  parent_id: z.number().int().nullable(),
  ...accountReviewFields(),
  signoff_policy: signoffPolicySchema,
  created_at: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

/** GET /business/list: the caller's organisations with their role there. */
export const myBusinessSchema = businessSchema.extend({
  admin_type: z.number().int(),
  is_signoff_admin: z.boolean(),
});
export type MyBusiness = z.infer<typeof myBusinessSchema>;

/** GET /business/autocomplete: just enough to pick one. */
export const businessSuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
});
export type BusinessSuggestion = z.infer<typeof businessSuggestionSchema>;
export const businessAutocompleteQuerySchema = z.object({
  q: text(100).min(1, { message: 'Type at least one letter.' }),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

export const businessMemberSchema = z.object({
  ...personFields(),
  email: z.string(),
  avatar: z.string().nullable(),
  admin_type: z.number().int(),
  is_signoff_admin: z.boolean(),
  joined_at: z.string(),
});
export type BusinessMember = z.infer<typeof businessMemberSchema>;
export const businessMembersSchema = itemsSchema(businessMemberSchema);

/** POST /membership/business/{id}/set */
export const businessMemberSetBodySchema = z
  .object({
    user_id: z.number().int().positive(),
    admin_type: z.union([z.literal(1), z.literal(2), z.literal(99)], {
      message: 'Choose Super Admin, Admin or Employee.',
    }),
  })
  .strict();
export type BusinessMemberSetBody = z.infer<typeof businessMemberSetBodySchema>;

/** POST /membership/business/{id}/delete and POST /membership/signoff/{id} */
export const businessMemberRefBodySchema = z.object({ user_id: z.number().int().positive() }).strict();
export type BusinessMemberRefBody = z.infer<typeof businessMemberRefBodySchema>;

/** GET /business/requests/{id}: people asking to join. */
export const businessJoinRequestSchema = z.object({
  ...personFields(),
  requested_at: z.string(),
});

/** POST /business/{id}/approve_donations */
export const businessApproveDonationsBodySchema = z
  .object({
    donation_ids: z
      .array(z.number().int().positive())
      .min(1, { message: 'Choose at least one donation.' })
      .max(100, { message: 'At most 100 at a time.' }),
    action: z.enum(['approve', 'reject'], { message: 'Choose approve or reject.' }),
    reason: text(1000).optional(),
  })
  .strict()
  .refine((body) => body.action === 'approve' || (body.reason?.length ?? 0) >= 3, {
    message: 'Say why, in a few words.',
    path: ['reason'],
  });
export type BusinessApproveDonationsBody = z.infer<typeof businessApproveDonationsBodySchema>;

/** POST /business/{id}/donations/{donation_id}/resolve: a Super Admin ends a stuck donation (decision 033). */
export const resolveStuckDonationBodySchema = z
  .object({
    action: z.enum(['approve', 'release'], { message: 'Choose approve or release.' }),
    reason: text(1000).min(3, { message: 'Say why, in a few words.' }),
  })
  .strict();
export type ResolveStuckDonationBody = z.infer<typeof resolveStuckDonationBodySchema>;

/** Where a donation waiting for sign-off stands. */
export const signoffStateSchema = z.object({
  /** Distinct approvals it needs under the policy (for its amount). */
  needed: z.number().int(),
  /** Approvals still valid (given for its current amount and recipient). */
  approvals: z.array(
    z.object({ user: z.object({ id: z.number().int(), name: z.string() }), at: z.string() }),
  ),
  /** The person who asked for it, who can never approve it. */
  requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Whether the caller may approve it now (a sign-off admin, not the requester, not yet approved). */
  can_approve: z.boolean(),
  /**
   * It can never collect the approvals it needs: too few sign-off admins other than the requester
   * are left who have not approved it yet (decision 033).
   */
  stuck: z.boolean(),
  /** Whether the caller, a Super Admin, may end it as stuck: release it, or approve it (not their own). */
  can_resolve: z.boolean(),
});
export type SignoffState = z.infer<typeof signoffStateSchema>;

/** GET /business/{id}/donations: donations waiting for sign-off, each with its sign-off state. */
export const businessPendingDonationSchema = donationSchema.extend({ signoff: signoffStateSchema });
export type BusinessPendingDonation = z.infer<typeof businessPendingDonationSchema>;

/** GET /admin/business_list: organisations by approval status, newest first (platform admins). */
export const adminBusinessListQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  q: z.string().trim().max(200).optional(),
  locked: z.enum(['yes', 'no']).optional(),
});

/** POST /admin/business/pending/update */
export const businessDecisionBodySchema = z
  .object({
    business_id: z.number().int().positive(),
    status: z.enum(['approved', 'rejected']),
    reason: text(1000).optional(),
  })
  .strict()
  .refine((body) => body.status === 'approved' || (body.reason?.length ?? 0) >= 3, {
    message: 'Say why the organisation is rejected.',
    path: ['reason'],
  });
export type BusinessDecisionBody = z.infer<typeof businessDecisionBodySchema>;
