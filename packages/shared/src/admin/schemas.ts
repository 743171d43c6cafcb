import { z } from 'zod';
import { emailSchema } from '../accounts/schemas.js';
import { givingTotalsFields, userIdentityFields } from '../common/fields.js';
import { pageQuerySchema } from '../common/pagination.js';
import { text } from '../common/text.js';
import { ADMIN_TYPE } from '../reference/index.js';
import { STATISTIC_NAMES } from './statistics.js';

const isoDate = z.iso.date({ message: 'Use the date format YYYY-MM-DD.' });
const search = text(200).optional();
const adminTypeSchema = z.union([
  z.literal(ADMIN_TYPE.superAdmin),
  z.literal(ADMIN_TYPE.admin),
  z.literal(ADMIN_TYPE.employee),
]);

/** GET /admin/user_list: people by name or email, newest first. */
export const adminUserListQuerySchema = pageQuerySchema.extend({
  q: search,
  status: z.enum(['active', 'not_activated', 'deactivated', 'deleted']).optional(),
  platform_admin: z.enum(['yes', 'no']).optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserSchema = z.object({
  ...userIdentityFields(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  post_code: z.string().nullable(),
  is_active: z.boolean(),
  deactivated: z.boolean(),
  deleted: z.boolean(),
  is_iic_admin: z.boolean(),
  admin_type: z.number().int().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const membershipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
});

/** GET /admin/user/{id}: a person with their memberships, wallet and giving. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  memberships: z.object({
    businesses: z.array(membershipSchema),
    charities: z.array(membershipSchema),
    projects: z.array(membershipSchema),
    groups: z.array(membershipSchema),
  }),
  wallet: z.object({ wallet: z.number().int(), credits: z.number().int(), held: z.number().int() }),
  giving: z.object({
    donations: z.number().int(),
    ...givingTotalsFields(),
  }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/**
 * PATCH /admin/user: activate, deactivate, make or unmake a platform admin, correct details.
 * Never a password (the body is strict: a password field is refused).
 */
export const adminUserUpdateBodySchema = z
  .object({
    user_id: z.number().int().positive(),
    action: z.enum(['activate', 'deactivate']).optional(),
    is_iic_admin: z.boolean().optional(),
    admin_type: adminTypeSchema.nullable().optional(),
    first_name: text(100).min(1).optional(),
    last_name: text(100).min(1).optional(),
    email: emailSchema.optional(),
    phone: text(30).nullable().optional(),
    reason: text(1000).optional(),
  })
  .strict()
  .refine((body) => body.is_iic_admin !== true || body.admin_type != null, {
    message: 'Choose the admin type.',
    path: ['admin_type'],
  });
export type AdminUserUpdateBody = z.infer<typeof adminUserUpdateBodySchema>;

/** POST /admin/user/{id}/erase: erase a person on request, keeping their donations anonymised. */
export const adminEraseBodySchema = z
  .object({ reason: text(1000).min(3, { message: 'Say why the person is erased.' }) })
  .strict();
export type AdminEraseBody = z.infer<typeof adminEraseBodySchema>;

/** GET /admin/charity_list */
export const adminCharityListQuerySchema = pageQuerySchema.extend({
  q: search,
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  locked: z.enum(['yes', 'no']).optional(),
});
export type AdminCharityListQuery = z.infer<typeof adminCharityListQuerySchema>;

export const adminAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  approval_status: z.enum(['pending', 'approved', 'rejected']),
  lock_status: z.boolean(),
  created_at: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** GET /admin/projects_list */
export const adminProjectListQuerySchema = pageQuerySchema.extend({
  q: search,
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(9)]))
    .optional(),
  charity_id: z.coerce.number().int().positive().optional(),
});
export type AdminProjectListQuery = z.infer<typeof adminProjectListQuerySchema>;

export const adminProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.number().int(),
  charity_id: z.number().int().nullable(),
  charity_name: z.string().nullable(),
  end_date: z.string().nullable(),
  funds_target: z.number().int().nullable(),
  funds_raised: z.number().int(),
  donors_count: z.number().int(),
  created_at: z.string(),
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

/** GET /admin/project/{id}: a project with its admins and progress. */
export const adminProjectDetailSchema = adminProjectSchema.extend({
  summary: z.string().nullable(),
  start_date: z.string().nullable(),
  published_at: z.string().nullable(),
  volunteering_pledged: z.number().int(),
  skilled_pledged: z.number().int(),
  gifts_pledged: z.number().int(),
  admins: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  last_reminded_at: z.string().nullable(),
});
export type AdminProjectDetail = z.infer<typeof adminProjectDetailSchema>;

/** GET /admin/group_list */
export const adminGroupListQuerySchema = pageQuerySchema.extend({
  q: search,
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .optional(),
});
export type AdminGroupListQuery = z.infer<typeof adminGroupListQuerySchema>;

export const adminGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group_type: z.number().int(),
  is_public: z.boolean(),
  requires_approval: z.boolean(),
  members: z.number().int(),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

/** GET /admin/projects/all_expire_projects: Live projects ending within `days`, and Finished ones. */
export const adminExpiringQuerySchema = pageQuerySchema.extend({
  days: z.coerce.number().int().min(0).max(365).default(14),
  which: z.enum(['ending', 'finished', 'both']).default('both'),
});
export type AdminExpiringQuery = z.infer<typeof adminExpiringQuerySchema>;

export const adminExpiringProjectSchema = adminProjectSchema.extend({
  days_left: z.number().int(),
  last_reminded_at: z.string().nullable(),
});
export type AdminExpiringProject = z.infer<typeof adminExpiringProjectSchema>;

/** POST /admin/projects/mails: remind each chosen project's admins (once per project per day). */
export const adminProjectMailsBodySchema = z
  .object({ project_ids: z.array(z.number().int().positive()).min(1).max(100) })
  .strict();
export type AdminProjectMailsBody = z.infer<typeof adminProjectMailsBodySchema>;

export const adminProjectMailsResultSchema = z.object({
  mailed: z.array(z.object({ project_id: z.number().int(), recipients: z.number().int() })),
  skipped: z.array(z.object({ project_id: z.number().int(), reason: z.string() })),
});
export type AdminProjectMailsResult = z.infer<typeof adminProjectMailsResultSchema>;

/** GET /admin/statistics/{name} */
export const statisticNameParamsSchema = z.object({ name: z.enum(STATISTIC_NAMES) });
export const statisticQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start must be on or before the end.',
    path: ['from'],
  });
export type StatisticQuery = z.infer<typeof statisticQuerySchema>;

export const statisticSchema = z.object({
  name: z.enum(STATISTIC_NAMES),
  label: z.string(),
  unit: z.enum(['money', 'hours', 'count']),
  definition: z.string(),
  from: z.string(),
  to: z.string(),
  value: z.number(),
  series: z.array(z.object({ month: z.string(), value: z.number() })),
  /** total_statistics: every other figure for the same range. */
  parts: z
    .array(
      z.object({ name: z.enum(STATISTIC_NAMES), label: z.string(), unit: z.string(), value: z.number() }),
    )
    .optional(),
  computed_at: z.string(),
});
export type Statistic = z.infer<typeof statisticSchema>;

/**
 * PATCH /admin/charity/{id}/lock and /admin/business/{id}/lock: locking says why (kept in the audit
 * log and mailed to the account's admins); unlocking may.
 */
export const adminLockBodySchema = z
  .object({ lock_status: z.boolean(), reason: text(1000).optional() })
  .strict()
  .refine((body) => !body.lock_status || (body.reason?.length ?? 0) >= 3, {
    message: 'Say why it is locked (at least 3 characters).',
    path: ['reason'],
  });
export type AdminLockBody = z.infer<typeof adminLockBodySchema>;

/** GET /admin/audit */
export const auditListQuerySchema = pageQuerySchema.extend({
  actor_id: z.coerce.number().int().positive().optional(),
  action: text(100).optional(),
  target_type: z.enum(['user', 'business', 'charity', 'project', 'donation', 'group']).optional(),
  target_id: z.coerce.number().int().positive().optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  /** The person's, charity's, organisation's, project's or group's name as it is now (or as recorded). */
  target_name: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /admin/export/{type}/{id}: a person's or an account's data as JSON. */
export const adminExportParamsSchema = z.object({
  type: z.enum(['user', 'business', 'charity', 'project']),
  id: z.coerce.number().int().positive(),
});
