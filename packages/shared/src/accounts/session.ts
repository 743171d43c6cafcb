import { z } from 'zod';
import { userIdentityFields } from '../common/fields.js';
import { GENDER_CODES } from './constants.js';

export const membershipPermissionSchema = z.string();

export const businessMembershipSchema = z.object({
  business_id: z.number().int(),
  name: z.string(),
  admin_type: z.number().int(),
  is_signoff_admin: z.boolean(),
  is_franchise: z.boolean(),
  permissions: z.array(z.string()),
  /** Unread messages in the organisation's mailbox (docs/product/organisations.md#messages). */
  unread_messages: z.number().int().optional(),
});
export const charityMembershipSchema = z.object({
  charity_id: z.number().int(),
  name: z.string(),
  admin_type: z.number().int(),
  permissions: z.array(z.string()),
  /** Unread messages in the charity's mailbox. */
  unread_messages: z.number().int().optional(),
});
export const projectMembershipSchema = z.object({
  project_id: z.number().int(),
  title: z.string(),
  admin_type: z.number().int(),
  /** Unread messages in the project's mailbox. */
  unread_messages: z.number().int().optional(),
});
export const groupMembershipSchema = z.object({
  group_id: z.number().int(),
  name: z.string(),
  group_type: z.number().int(),
  is_admin: z.boolean(),
});
export type BusinessMembership = z.infer<typeof businessMembershipSchema>;
export type CharityMembership = z.infer<typeof charityMembershipSchema>;
export type ProjectMembership = z.infer<typeof projectMembershipSchema>;
export type GroupMembership = z.infer<typeof groupMembershipSchema>;

/**
 * The user object (docs/product/identity-and-sessions.md#the-session-in-the-browser), as its owner
 * sees it.
 */
export const userSchema = z.object({
  ...userIdentityFields(),
  address: z.string().nullable(),
  national_insurance_number: z.string().nullable(),
  gender: z.enum(GENDER_CODES).nullable(),
  birth_date: z.string().nullable(),
  phone: z.string().nullable(),
  state_id: z.number().int().nullable(),
  city: z.string().nullable(),
  post_code: z.string().nullable(),
  credits: z.number().int(),
  is_iic_admin: z.boolean(),
  admin_type: z.number().int().nullable(),
  user_description: z.string().nullable(),
  charity_membership: z.array(z.number().int()),
  charity_permissions: z.array(z.string()),
  tax_refund: z.boolean(),
  is_public: z.boolean(),
  wallet_amount: z.number().int(),
  avatar: z.string().nullable(),
  unread_messages: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** GET /user/get (docs/product/wire-contract.md#answers-the-web-relies-on). */
export const sessionDetailSchema = z.object({
  user: userSchema,
  charity_membership: z.array(charityMembershipSchema),
  business_membership: z.array(businessMembershipSchema),
  project_membership: z.array(projectMembershipSchema),
  group_membership: z.array(groupMembershipSchema),
  unread_messages: z.number().int(),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

export const tokenResponseSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /auth/login */
export const loginResponseSchema = sessionDetailSchema.extend(tokenResponseSchema.shape);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /user/email: a new token, since the old ones stop working. */
export const emailChangeResponseSchema = tokenResponseSchema.extend({ user: userSchema });

export const stateSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export const citySchema = z.object({
  id: z.number().int(),
  state_id: z.number().int(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type State = z.infer<typeof stateSchema>;
export type City = z.infer<typeof citySchema>;
