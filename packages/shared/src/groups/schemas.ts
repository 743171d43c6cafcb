import { z } from 'zod';
import { describedFields, hoursGivenFields, personFields } from '../common/fields.js';
import { PIN_LENGTH } from '../validation/key-filters.js';

const id = z.number({ message: 'Choose one.' }).int().positive().max(Number.MAX_SAFE_INTEGER);

/** Join requests of a group (docs/product/organisations.md#groups): 1 Pending, 2 Accepted, 3 Declined. */
export const GROUP_REQUEST_STATUS = { pending: 1, accepted: 2, declined: 3 } as const;
/** What `POST /group/join` answers: 1 a pending request (the group needs approval), 2 joined. */
export const GROUP_JOIN_STATUS = { pending: 1, joined: 2 } as const;

/**
 * A group's PIN: 6 digits, never a leading 0 (the PIN key filter,
 * docs/product/limits-and-messages.md#form-checks).
 */
export const groupPinSchema = z.coerce
  .string()
  .trim()
  .regex(new RegExp(`^[1-9][0-9]{${PIN_LENGTH - 1}}$`), { message: `Enter the ${PIN_LENGTH}-digit PIN.` });

const groupProfile = {
  name: z
    .string()
    .trim()
    .min(2, { message: 'Use at least 2 characters.' })
    .max(100, { message: 'Use at most 100 characters.' }),
  description: z
    .string()
    .trim()
    .max(2000, { message: 'Use at most 2000 characters.' })
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  requires_approval: z.boolean(),
  is_public: z.boolean(),
};

/** POST /group/create: a type 1 Organisation group names the organisation it belongs to. */
export const groupCreateBodySchema = z
  .object({
    ...groupProfile,
    type: z.number({ message: 'Choose a type.' }).int().min(1, { message: 'Choose a type.' }).max(3, {
      message: 'Choose a type.',
    }),
    requires_approval: groupProfile.requires_approval.default(false),
    is_public: groupProfile.is_public.default(true),
    business_id: id.nullable().optional(),
  })
  .strict()
  .refine((body) => body.type !== 1 || (body.business_id ?? null) !== null, {
    message: 'An organisation group belongs to an organisation: choose one.',
    path: ['business_id'],
  });
export type GroupCreateBody = z.infer<typeof groupCreateBodySchema>;

/** PATCH /group/update/{id} */
export const groupUpdateBodySchema = z.object(groupProfile).partial().strict();
export type GroupUpdateBody = z.infer<typeof groupUpdateBodySchema>;

/** POST /group/join */
export const groupJoinBodySchema = z.object({ pin: groupPinSchema }).strict();
export type GroupJoinBody = z.infer<typeof groupJoinBodySchema>;
export const groupJoinResultSchema = z.object({
  status: z.union([z.literal(1), z.literal(2)]),
  group_id: z.number().int(),
});
export type GroupJoinResult = z.infer<typeof groupJoinResultSchema>;

/** POST /group/leave: the last admin names the member who takes over. */
export const groupLeaveBodySchema = z.object({ group_id: id, new_admin_id: id.optional() }).strict();
export type GroupLeaveBody = z.infer<typeof groupLeaveBodySchema>;
export const groupLeaveResultSchema = z.object({ code: z.literal(200), message: z.string() });

/**
 * POST /membership/group/{id}/set: answer a join request (`status` 2 accept, 3 decline) or make a
 * member an admin or not (`is_admin`); one of the two.
 */
export const groupMemberSetBodySchema = z
  .object({
    user_id: id,
    status: z.union([z.literal(2), z.literal(3)]).optional(),
    is_admin: z.boolean().optional(),
    new_admin_id: id.optional(),
  })
  .strict()
  .refine((body) => (body.status === undefined) !== (body.is_admin === undefined), {
    message: 'Answer the request (status) or set the role (is_admin), one of them.',
    path: ['status'],
  });
export type GroupMemberSetBody = z.infer<typeof groupMemberSetBodySchema>;

/** POST /membership/group/remove */
export const groupMemberRemoveBodySchema = z
  .object({ group_id: id, user_id: id, new_admin_id: id.optional() })
  .strict();
export type GroupMemberRemoveBody = z.infer<typeof groupMemberRemoveBodySchema>;

/** POST /membership/group/make_admins */
export const groupMakeAdminsBodySchema = z
  .object({ group_id: id, user_ids: z.array(id).min(1, { message: 'Choose at least one member.' }).max(100) })
  .strict();
export type GroupMakeAdminsBody = z.infer<typeof groupMakeAdminsBodySchema>;

/** What a group's members gave while they were members. */
export const groupTotalsSchema = z.object({
  /** Funds given (minor units). */
  funds: z.number().int(),
  ...hoursGivenFields(),
  /** Gifts of goods: items given. */
  gifts: z.number().int(),
  /** Their estimated value (minor units). */
  gifts_value: z.number().int(),
});
export type GroupTotals = z.infer<typeof groupTotalsSchema>;

export const groupSchema = z.object({
  ...describedFields(),
  group_type: z.number().int(),
  business_id: z.number().int().nullable(),
  logo: z.string().nullable(),
  requires_approval: z.boolean(),
  is_public: z.boolean(),
  members: z.number().int(),
  /** The joining PIN: shown to the group's admins only. */
  pin: z.string().nullable(),
  is_member: z.boolean(),
  is_admin: z.boolean(),
  /** 1 when the person asked to join and waits. */
  request_status: z.number().int().nullable(),
  created_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupWithTotalsSchema = groupSchema.extend({ totals: groupTotalsSchema });
export type GroupWithTotals = z.infer<typeof groupWithTotalsSchema>;

export const groupMemberSchema = z.object({
  ...personFields(),
  avatar: z.string().nullable(),
  is_admin: z.boolean(),
  joined_at: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupMemberStatsSchema = groupMemberSchema.extend({ totals: groupTotalsSchema });
export type GroupMemberStats = z.infer<typeof groupMemberStatsSchema>;

export const groupStatisticsSchema = z.object({
  group_id: z.number().int(),
  members: z.number().int(),
  totals: groupTotalsSchema,
  by_month: z.array(groupTotalsSchema.extend({ month: z.string() })),
});
export type GroupStatistics = z.infer<typeof groupStatisticsSchema>;

export const groupRequestSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  ...personFields(),
  avatar: z.string().nullable(),
  status: z.number().int(),
  created_at: z.string(),
});
export type GroupRequest = z.infer<typeof groupRequestSchema>;
