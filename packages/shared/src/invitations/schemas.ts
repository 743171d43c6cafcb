import { z } from 'zod';
import { emailSchema } from '../accounts/schemas.js';
import { personFields } from '../common/fields.js';

/**
 * What an invitation or a join request is for
 * (docs/product/organisations.md#invitations-and-requests-to-join).
 */
export const INVITATION_TARGETS = ['business', 'charity', 'project', 'group'] as const;
export type InvitationTarget = (typeof INVITATION_TARGETS)[number];
/** What a person may ask to join (`POST /join`). */
export const JOIN_TARGETS = ['business', 'charity'] as const;
export type JoinTarget = (typeof JOIN_TARGETS)[number];

/** Days an invitation code stays valid. */
export const INVITATION_LIFETIME_DAYS = 14;

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/**
 * Join requests (docs/product/organisations.md#invitations-and-requests-to-join): 1 Pending,
 * 2 Accepted, 3 Declined, 4 Withdrawn.
 */
export const JOIN_REQUEST_STATUS = { pending: 1, accepted: 2, declined: 3, withdrawn: 4 } as const;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const adminTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(99)]);

/** POST /invitation/create */
export const invitationCreateBodySchema = z
  .object({
    email: emailSchema,
    target_type: z.enum(INVITATION_TARGETS),
    target_id: id,
    /** The role the person gets: 1 Super Admin, 2 Admin, 99 Employee (organisations and charities; default 99). */
    admin_type: adminTypeSchema.optional(),
  })
  .strict();
export type InvitationCreateBody = z.infer<typeof invitationCreateBodySchema>;

/** An invitation as its inviter and the invited person see it. */
export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  target_type: z.enum(INVITATION_TARGETS),
  target_id: z.number().int(),
  target_name: z.string(),
  admin_type: z.number().int().nullable(),
  status: z.enum(INVITATION_STATUSES),
  invited_by_name: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /invitation/confirm/{code}: what it is for, and whether this call accepted it. */
export const invitationConfirmSchema = z.object({
  invitation: invitationSchema,
  /** True when this call (signed in as the invited email) made the membership. */
  accepted: z.boolean(),
  /** Whether the visitor is signed in as the invited email. */
  signed_in_as_invited: z.boolean(),
  /** Whether an account already uses the invited email (the screen offers sign-in or registration). */
  has_account: z.boolean(),
});
export type InvitationConfirm = z.infer<typeof invitationConfirmSchema>;

/** PATCH /membership: the invited person accepts or declines an invitation (by code or by id). */
export const membershipPatchBodySchema = z
  .object({
    invitation_id: id.optional(),
    code: z.string().trim().min(10).max(200).optional(),
    action: z.enum(['accept', 'decline']),
  })
  .strict()
  .refine((body) => (body.invitation_id === undefined) !== (body.code === undefined), {
    message: 'Name the invitation by its id or its code.',
    path: ['invitation_id'],
  });
export type MembershipPatchBody = z.infer<typeof membershipPatchBodySchema>;

/** POST /join */
export const joinCreateBodySchema = z
  .object({
    target_type: z.enum(JOIN_TARGETS),
    target_id: id,
    message: z.string().trim().max(500).optional(),
  })
  .strict();
export type JoinCreateBody = z.infer<typeof joinCreateBodySchema>;

/** PATCH /join: an admin of the organisation or charity answers a request. */
export const joinDecideBodySchema = z
  .object({ request_id: id, action: z.enum(['accept', 'decline']) })
  .strict();
export type JoinDecideBody = z.infer<typeof joinDecideBodySchema>;

/** PATCH /join/remove: the asker withdraws their request. */
export const joinRemoveBodySchema = z.object({ request_id: id }).strict();

export const joinRequestSchema = z.object({
  id: z.number().int(),
  ...personFields(),
  email: z.string(),
  target_type: z.enum(JOIN_TARGETS),
  target_id: z.number().int(),
  target_name: z.string(),
  message: z.string().nullable(),
  status: z.number().int(),
  requested_at: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** A person's own pending request to join a group (a group that needs approval; the groups module keeps them). */
export const ownGroupRequestSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string(),
  logo: z.string().nullable(),
  status: z.number().int(),
  requested_at: z.string(),
});
export type OwnGroupRequest = z.infer<typeof ownGroupRequestSchema>;

/** GET /user/requests/{id}: a person's own pending join requests (organisations, charities, groups) and invitations. */
export const userRequestsSchema = z.object({
  join_requests: z.array(joinRequestSchema),
  group_requests: z.array(ownGroupRequestSchema),
  invitations: z.array(invitationSchema),
});
export type UserRequests = z.infer<typeof userRequestsSchema>;
